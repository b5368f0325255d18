/// The render tree: an immutable copy of a committed layer tree (every layer's committed
/// values, timing and animations), evaluated at any media time into a `PresentationTree`
/// without touching the model layers. Frames of a recording are independent
/// `evaluate(at:)` calls, so they can run in parallel and give the same values on every run.
public struct RenderTree: Sendable {
    /// Sendable: `committed` points at the immutable state `layer` owns.
    struct Node: @unchecked Sendable {
        /// Keeps `committed` alive.
        let layer: CommittedLayer
        let committed: UnsafePointer<LayerState>
        let clock: Timing.Clock
        /// Index of the node whose time this one's is measured in; -1 at the root.
        let parent: Int
        /// Whether the node is its parent's mask rather than a sublayer.
        let isMask: Bool
        /// This node's animations in `tracks`, in the order they apply.
        var tracks: Range<Int> = 0..<0
        /// What the animations write, in `resets`.
        var resets: Range<Int> = 0..<0
    }

    /// One animation acting on one node: the layer's own, or an ancestor's aimed at it
    /// through `sublayers.NAME` and `mask` key paths. Plain data, so reading one copies
    /// two integers: the animation itself stays in place in its kind's list (`slotTracks`,
    /// `pathTracks`, `transformFieldTracks`, `generalTracks`).
    enum Track: Sendable {
        case slot(Int)
        case path(Int)
        case transformField(Int)
        case general(Int)
    }

    /// An animation kept inline: numbers and geometry written in place (`SlotAnimation`, the
    /// common case) or a field of a transform (`TransformFieldAnimation`).
    struct InlineTrack<Animation: Sendable>: Sendable {
        /// The node the animation was added to, whose local time is its parent time.
        let owner: Int
        let timing: Timing
        let animation: Animation
    }

    /// A path, blended into the frame's own path (see `PathAnimation`).
    struct PathTrack: Sendable {
        let owner: Int
        let timing: Timing
        let animation: PathAnimation
        /// Whether this is the first animation writing the path on its node: it then puts
        /// the committed path back itself when it has none to show, in place of a reset
        /// (which would drop the path the frame before made, the one it blends into).
        let resets: Bool
    }

    /// Anything else (groups, colours, transforms…), through its render animation.
    struct GeneralTrack: Sendable {
        let owner: Int
        let animation: RenderAnimation
        /// Indexes the hops from `owner` in `routes`.
        let route: Int
    }

    /// A property to put back to its committed value before each evaluation; everything
    /// else in a frame keeps the values it started with.
    enum Reset: Sendable {
        /// A value stored as Doubles, with the committed vector.
        case slot(SIMD4<Double>, LayerStateSlot)
        /// A transform, copied from the committed state unboxed (so never allocating).
        case transform(LayerProperty)
        /// A flag or a colour, copied from the committed state unboxed.
        case flagOrColor(LayerStateFlagOrColor)
        case property(LayerProperty)

        init(_ property: LayerProperty, committed: UnsafePointer<LayerState>) {
            if let slot = property.slot {
                self = .slot(slot.load(from: committed), slot)
            } else if let place = property.description.flagOrColor {
                self = .flagOrColor(place)
            } else if property.kind == .transform {
                self = .transform(property)
            } else {
                self = .property(property)
            }
        }

        /// The same reset for a layer whose committed values are now `committed`.
        func rebased(on committed: UnsafePointer<LayerState>) -> Reset {
            guard case .slot(_, let slot) = self else { return self }
            return .slot(slot.load(from: committed), slot)
        }

        /// Puts the property of `state` back to its committed value in `committed`.
        func apply(from committed: UnsafePointer<LayerState>, to state: UnsafeMutablePointer<LayerState>) {
            switch self {
            case let .slot(value, slot): slot.store(value, adding: false, into: state)
            case .transform(let property): state[transform: property] = committed[transform: property]
            case .flagOrColor(let place): place.copy(from: committed, to: state)
            case .property(let property): state.pointee[property] = committed[property]
            }
        }
    }

    /// Identifies the snapshot to the frames evaluated from it.
    final class Identity: Sendable {}

    /// A tree a patched tree was made from (`recommitted`), and the nodes whose committed
    /// values differ: a frame evaluated from that tree becomes one of this tree by copying
    /// only those nodes' values.
    struct Ancestor: Sendable {
        let identity: Identity
        let changed: [Int]
    }

    /// How many ancestors a patched tree remembers: a renderer evaluates each frame into
    /// the presentation of the frame before last (`CARenderer`), which may come from the
    /// tree two patches back.
    static let ancestorLimit = 2

    /// Layers in depth-first order, the root first; a mask follows its layer.
    private(set) var nodes: [Node]
    /// Every node's tracks and resets, node after node, so evaluating reads memory in order.
    let tracks: [Track]
    let slotTracks: [InlineTrack<SlotAnimation>]
    let pathTracks: [PathTrack]
    let transformFieldTracks: [InlineTrack<TransformFieldAnimation>]
    let generalTracks: [GeneralTrack]
    private(set) var resets: [Reset]
    /// Routes from the layers animations are added to, to the layers they act on; the
    /// first is the empty route.
    let routes: [[LayerKeyPath.Hop]]
    /// Each node's sublayers, in tree order, and its mask: what every frame's
    /// `FrameTreeBuilder` walks, worked out once.
    let sublayers: [[Int]]
    let masks: [Int?]
    private(set) var identity = Identity()
    /// The trees this one was patched from, the nearest first.
    private(set) var ancestors: [Ancestor] = []

    /// The number of layers.
    public var layerCount: Int { nodes.count }

    /// Snapshots the committed tree under `root` (layers never committed are left out).
    public init(root: CALayer) {
        self.init(root: root, visited: { _ in })
    }

    /// Snapshots the committed tree under `root`, handing `visited` each layer in node order.
    init(root: CALayer, visited: (CALayer) -> Void) {
        self.init(root: root, children: { layer in (layer.committedMask.map { [$0] } ?? []) + layer.committedSublayers },
                  visited: visited)
    }

    /// The indexes in either of two ascending lists, ascending, each once.
    private static func merged(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = [], i = 0, j = 0
        result.reserveCapacity(a.count + b.count)
        while i < a.count || j < b.count {
            let next = j == b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
            result.append(next)
            while i < a.count, a[i] == next { i += 1 }
            while j < b.count, b[j] == next { j += 1 }
        }
        return result
    }

    /// This tree as committed now, after commits that changed layers' committed values or
    /// timing but not the shape of the tree (`CATransaction.structureCount`): `layers` are
    /// its layers in node order, as `init(root:visited:)` listed them. Nodes whose layer
    /// committed again read its new values; the rest is shared. Nil when some layer's
    /// animations changed, which only making the tree again takes into account. Consuming:
    /// a tree nothing else holds is patched in place, not copied node by node.
    consuming func recommitted(_ layers: [CALayer]) -> RenderTree? {
        guard layers.count == nodes.count else { return nil }
        // Every layer checked before a node changes: one whose animations changed means
        // making the tree again.
        var changed: [(index: Int, layer: CommittedLayer)] = []
        let same = nodes.withUnsafeBufferPointer { nodes in
            for (index, layer) in layers.enumerated() {
                guard let now = layer.committed else { return false }
                let before = nodes[index].layer
                guard now !== before else { continue }
                guard now.animations.count == before.animations.count,
                      zip(now.animations, before.animations).allSatisfy({ $0 === $1 }) else { return false }
                changed.append((index, now))
            }
            return true
        }
        guard same else { return nil }
        var tree = self
        for (index, now) in changed {
            let node = tree.nodes[index]
            tree.nodes[index] = Node(layer: now, committed: now.committed, clock: now.timing.clock, parent: node.parent,
                                     isMask: node.isMask, tracks: node.tracks, resets: node.resets)
            for reset in node.resets { tree.resets[reset] = tree.resets[reset].rebased(on: now.committed) }
        }
        let indexes = changed.map(\.index)
        tree.ancestors = [Ancestor(identity: tree.identity, changed: indexes)]
            + tree.ancestors.prefix(Self.ancestorLimit - 1).map { Ancestor(identity: $0.identity, changed: Self.merged($0.changed, indexes)) }
        tree.identity = Identity()
        return tree
    }

    /// Snapshots only the chain of committed layers from the root of `layer`'s tree down to
    /// `layer`, which comes last: enough to evaluate that one layer, found by walking up
    /// rather than by searching every sibling on the way down.
    init(chainTo layer: CALayer) {
        var chain = [layer]
        while let parent = chain[chain.count - 1].committedParent { chain.append(parent) }
        var next: [ObjectIdentifier: CALayer] = [:]
        for (child, parent) in zip(chain, chain.dropFirst()) { next[ObjectIdentifier(parent)] = child }
        self.init(root: chain[chain.count - 1], children: { next[ObjectIdentifier($0)].map { [$0] } ?? [] }, visited: { _ in })
    }

    /// Visits `root` and, depth first, the layers `children` gives for each visited layer
    /// (its mask first, then its sublayers), handing each to `visited`.
    private init(root: CALayer, children: (CALayer) -> [CALayer], visited: (CALayer) -> Void) {
        var nodes: [Node] = [], tracks: [Track] = [], slotTracks: [InlineTrack<SlotAnimation>] = [], pathTracks: [PathTrack] = []
        var transformFieldTracks: [InlineTrack<TransformFieldAnimation>] = [], generalTracks: [GeneralTrack] = []
        var resets: [Reset] = [], routeList: [[LayerKeyPath.Hop]] = [[]]
        /// `routes`: the ancestors that can aim animations at `layer`, with the hops from each.
        func visit(_ layer: CALayer, parent: Int, isMask: Bool, routes: [(ancestor: Int, hops: [LayerKeyPath.Hop])]) {
            guard let committed = layer.committed else { return }
            let index = nodes.count
            var node = Node(layer: committed, committed: committed.committed, clock: committed.timing.clock, parent: parent,
                            isMask: isMask)
            // What the node's animations write, in order, and what path tracks put back.
            var written: [LayerProperty] = [], resetByTrack = Set<LayerProperty>()
            let firstTrack = tracks.count
            for (owner, hops) in [(index, [])] + routes {
                let animations = owner == index ? committed.animations : nodes[owner].layer.animations
                let route = hops.isEmpty ? 0 : routeList.count
                if !hops.isEmpty { routeList.append(hops) }
                for animation in animations {
                    let properties = animation.writtenProperties(hops: hops)
                    guard !properties.isEmpty else { continue }
                    if case .property(let property) = animation.kind, case .slot(let slotAnimation) = property.values {
                        tracks.append(.slot(slotTracks.count))
                        slotTracks.append(InlineTrack(owner: owner, timing: animation.timing, animation: slotAnimation))
                    } else if case .property(let property) = animation.kind, case .path(let pathAnimation) = property.values {
                        // The first animation of the path on this node stands in for its reset.
                        let first = !written.contains(property.keyPath.property)
                        if first { resetByTrack.insert(property.keyPath.property) }
                        tracks.append(.path(pathTracks.count))
                        pathTracks.append(PathTrack(owner: owner, timing: animation.timing, animation: pathAnimation, resets: first))
                    } else if case .property(let property) = animation.kind, case .transformField(let field) = property.values {
                        tracks.append(.transformField(transformFieldTracks.count))
                        transformFieldTracks.append(InlineTrack(owner: owner, timing: animation.timing, animation: field))
                    } else {
                        tracks.append(.general(generalTracks.count))
                        generalTracks.append(GeneralTrack(owner: owner, animation: animation, route: route))
                    }
                    written += properties
                }
            }
            node.tracks = firstTrack..<tracks.count
            var seen = resetByTrack
            let start = resets.count
            resets += written.filter { seen.insert($0).inserted }.map { Reset($0, committed: committed.committed) }
            node.resets = start..<resets.count
            nodes.append(node)
            visited(layer)
            for child in children(layer) {
                // Routes for the child: every route here extended by one hop, plus this
                // node; an unnamed sublayer cannot be reached by a key path.
                let hop: LayerKeyPath.Hop? = child === layer.committedMask ? .mask : child.name.map { .sublayer(named: $0) }
                let childRoutes = hop.map { hop in routes.map { ($0.ancestor, $0.hops + [hop]) } + [(index, [hop])] } ?? []
                visit(child, parent: index, isMask: child === layer.committedMask, routes: childRoutes)
            }
        }
        visit(root, parent: -1, isMask: false, routes: [])
        self.nodes = nodes
        self.tracks = tracks
        self.slotTracks = slotTracks
        self.pathTracks = pathTracks
        self.transformFieldTracks = transformFieldTracks
        self.generalTracks = generalTracks
        self.resets = resets
        self.routes = routeList
        var sublayers = Array(repeating: [Int](), count: nodes.count)
        var masks = [Int?](repeating: nil, count: nodes.count)
        for (index, node) in nodes.enumerated() where node.parent >= 0 {
            if node.isMask { masks[node.parent] = index } else { sublayers[node.parent].append(index) }
        }
        self.sublayers = sublayers
        self.masks = masks
    }

    /// Every layer's presentation values at media time `time`, in `nodes` order, written
    /// into `frame`. The first evaluation into a frame copies every layer's committed
    /// values; later ones put back only what animations write, then apply the animations,
    /// and allocate nothing.
    public func evaluate(at time: CFTimeInterval, into frame: inout PresentationTree) {
        evaluate(at: time, into: &frame, delaying: nil)
    }

    /// `evaluate(at:into:)`, with the sublayers of node `delaying.parent` (and their
    /// subtrees) seeing their parent's time `delaying.seconds` earlier: a replicator's
    /// instance `k` runs its sublayers' animations `k · instanceDelay` behind.
    func evaluate(at time: CFTimeInterval, into frame: inout PresentationTree, delaying: (parent: Int, seconds: Double)?) {
        if frame.source !== identity {
            if let ancestor = ancestors.first(where: { $0.identity === frame.source }) {
                for index in ancestor.changed { frame.values[index] = nodes[index].layer.state }
                frame.source = identity
            } else {
                frame = PresentationTree(values: nodes.map(\.layer.state), times: Array(repeating: 0, count: nodes.count),
                                       source: identity)
            }
        }
        frame.time = time
        // Everything is read in place through buffers: copying a node, track or state
        // would copy (and retain) more than evaluating it costs.
        nodes.withUnsafeBufferPointer { nodes in
        tracks.withUnsafeBufferPointer { tracks in
        slotTracks.withUnsafeBufferPointer { slotTracks in
        pathTracks.withUnsafeBufferPointer { pathTracks in
        transformFieldTracks.withUnsafeBufferPointer { transformFieldTracks in
        generalTracks.withUnsafeBufferPointer { generalTracks in
        resets.withUnsafeBufferPointer { resets in
        routes.withUnsafeBufferPointer { routes in
        frame.values.withUnsafeMutableBufferPointer { values in
        frame.times.withUnsafeMutableBufferPointer { times in
            for index in nodes.indices {
                let node = nodes.baseAddress! + index
                let parent = node.pointee.parent
                var parentTime = parent >= 0 ? times[parent] : time
                if let delaying, parent == delaying.parent, !node.pointee.isMask { parentTime -= delaying.seconds }
                times[index] = node.pointee.clock.localTime(parentTime)
                let committed = node.pointee.committed
                let state = values.baseAddress! + index
                for reset in node.pointee.resets { resets[reset].apply(from: committed, to: state) }
                for t in node.pointee.tracks {
                    switch tracks[t] {
                    case .slot(let i):
                        let track = slotTracks.baseAddress! + i
                        guard let position = track.pointee.timing.easedPosition(atParentTime: times[track.pointee.owner])
                        else { continue }
                        // Computed, then stored: writing the state while the animation is read
                        // in place would make the compiler copy the animation first.
                        guard let value = track.pointee.animation.value(at: position, duration: track.pointee.timing.duration, committed: committed)
                        else { continue }
                        track.pointee.animation.slot.store(value, adding: track.pointee.animation.additive, into: state)
                    case .path(let i):
                        let track = pathTracks.baseAddress! + i
                        track.pointee.animation.apply(at: track.pointee.timing.easedPosition(atParentTime: times[track.pointee.owner]),
                                                      duration: track.pointee.timing.duration, resetting: track.pointee.resets,
                                                      committed: committed, to: state)
                    case .transformField(let i):
                        let track = transformFieldTracks.baseAddress! + i
                        guard let position = track.pointee.timing.easedPosition(atParentTime: times[track.pointee.owner])
                        else { continue }
                        track.pointee.animation.apply(at: position, duration: track.pointee.timing.duration, committed: committed,
                                                      to: state)
                    case .general(let i):
                        let track = generalTracks.baseAddress! + i
                        track.pointee.animation.apply(atParentTime: times[track.pointee.owner], hops: routes[track.pointee.route],
                                                      committed: committed, to: state)
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The transitions running on the layer at `index` at the time `frame` was evaluated
    /// for (empty when none, or when `frame` came from another snapshot).
    public func transitions(ofLayerAt index: Int, in frame: PresentationTree) -> [LayerTransition] {
        guard frame.source === identity, nodes.indices.contains(index), nodes[index].layer.hasTransitions else { return [] }
        var result: [LayerTransition] = []
        for animation in nodes[index].layer.animations {
            animation.transitions(atParentTime: frame.times[index], into: &result)
        }
        return result
    }

    /// The presentation values of every layer at media time `time`.
    public func evaluate(at time: CFTimeInterval) -> PresentationTree {
        var frame = PresentationTree()
        evaluate(at: time, into: &frame)
        return frame
    }
}
