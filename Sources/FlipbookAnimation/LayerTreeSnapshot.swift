/// The render tree: an immutable copy of a committed layer tree (every layer's committed
/// values, timing and animations), evaluated at any media time without touching the
/// model. Frames of a recording are independent `evaluate(at:)` calls, so they can run
/// in parallel and give the same values on every run.
public struct LayerTreeSnapshot: Sendable {
    struct Node: Sendable {
        var layer: CommittedLayer
        /// Index of the node whose time this one's is measured in; -1 at the root.
        var parent: Int
        /// Ancestors that aim animations at this node, with the route from each.
        var routes: [(ancestor: Int, hops: [LayerKeyPath.Hop])]
    }

    /// Layers in depth-first order, the root first; a mask follows its layer.
    let nodes: [Node]

    /// The number of layers.
    public var layerCount: Int { nodes.count }

    /// Snapshots the committed tree under `root` (layers never committed are left out).
    @MainActor
    public init(root: CALayer) {
        self.init(root: root) { layer in (layer.committedMask.map { [$0] } ?? []) + layer.committedSublayers }
    }

    /// Snapshots only the chain of committed layers from the root of `layer`'s tree down to
    /// `layer`, which comes last: enough to evaluate that one layer, found by walking up
    /// rather than by searching every sibling on the way down.
    @MainActor
    init(chainTo layer: CALayer) {
        var chain = [layer]
        while let parent = chain[chain.count - 1].committedParent { chain.append(parent) }
        var next: [ObjectIdentifier: CALayer] = [:]
        for (child, parent) in zip(chain, chain.dropFirst()) { next[ObjectIdentifier(parent)] = child }
        self.init(root: chain[chain.count - 1]) { next[ObjectIdentifier($0)].map { [$0] } ?? [] }
    }

    /// Visits `root` and, depth first, the layers `children` gives for each visited layer
    /// (its mask first, then its sublayers).
    @MainActor
    private init(root: CALayer, children: (CALayer) -> [CALayer]) {
        var nodes: [Node] = []
        func visit(_ layer: CALayer, parent: Int, route: [(Int, [LayerKeyPath.Hop])]) {
            guard let committed = layer.committed else { return }
            let index = nodes.count
            nodes.append(Node(layer: committed, parent: parent, routes: route.map { ($0.0, $0.1) }))
            for child in children(layer) {
                // Routes for the child: every ancestor route extended by one hop, plus this
                // node; an unnamed sublayer cannot be reached by a key path.
                let hop: LayerKeyPath.Hop? = child === layer.committedMask ? .mask : child.name.map { .sublayer(named: $0) }
                let childRoute = hop.map { hop in route.map { ($0.0, $0.1 + [hop]) } + [(index, [hop])] } ?? []
                visit(child, parent: index, route: childRoute)
            }
        }
        visit(root, parent: -1, route: [])
        self.nodes = nodes
    }

    /// Every layer's presentation values at media time `time`, in `nodes` order, written
    /// into `values` (resized once; later calls with the same snapshot allocate nothing).
    /// `times` receives each layer's local time.
    func evaluate(at time: Double, into values: inout [LayerState], times: inout [Double]) {
        if values.count != nodes.count {
            values = nodes.map(\.layer.state)
            times = Array(repeating: 0, count: nodes.count)
        }
        // Nodes are read in place: copying one would copy its whole layer state.
        nodes.withUnsafeBufferPointer { nodes in
            values.withUnsafeMutableBufferPointer { values in
                times.withUnsafeMutableBufferPointer { times in
                    for index in nodes.indices {
                        let parent = nodes[index].parent
                        let local = nodes[index].layer.timing.localTime(parent >= 0 ? times[parent] : time)
                        times[index] = local
                        values[index] = nodes[index].layer.state
                        nodes[index].layer.apply(atLayerTime: local, model: nodes[index].layer.state, to: &values[index])
                        for route in nodes[index].routes {
                            nodes[route.ancestor].layer.apply(atLayerTime: times[route.ancestor], hops: route.hops,
                                                              model: nodes[index].layer.state, to: &values[index])
                        }
                    }
                }
            }
        }
    }

    /// The presentation values of every layer at media time `time`.
    public func evaluate(at time: CFTimeInterval) -> LayerTreeFrame {
        var frame = LayerTreeFrame()
        evaluate(at: time, into: &frame)
        return frame
    }

    /// Evaluates into `frame`, reusing its storage: after the first call with a snapshot,
    /// evaluating allocates nothing.
    public func evaluate(at time: CFTimeInterval, into frame: inout LayerTreeFrame) {
        evaluate(at: time, into: &frame.values, times: &frame.times)
    }
}

/// The presentation values of a snapshot's layers at one time.
public struct LayerTreeFrame: Sendable {
    var values: [LayerState] = []
    var times: [Double] = []

    /// An empty frame, to fill with `LayerTreeSnapshot.evaluate(at:into:)`.
    public init() {}

    /// The number of layers.
    public var layerCount: Int { values.count }

    /// The value at `keyPath` (no sublayer or mask hops) of the layer at `index` in the
    /// snapshot's depth-first order; nil for an unknown key path or index.
    public func value(forKeyPath keyPath: String, ofLayerAt index: Int) -> Any? {
        guard values.indices.contains(index), let parsed = LayerKeyPath(keyPath), parsed.hops.isEmpty else { return nil }
        return parsed.read(from: values[index][parsed.property])?.anyValue
    }
}
