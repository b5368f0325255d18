/// What a commit hands the render tree for one layer: its values, its timing and its
/// animations with their times resolved. Shared, never copied, and immutable once anything
/// but its layer holds it: a layer may refill the one it holds alone (`refill`) instead of
/// making a new one at every commit.
final class CommittedLayer: @unchecked Sendable {
    /// The committed values, at a fixed address so the render tree can read them in place.
    let committed: UnsafePointer<LayerState>
    // The contents change only in `refill`, while nothing else holds the layer, so no
    // access can overlap another: unchecked, every frame reads them without the runtime's
    // exclusivity bookkeeping.
    @exclusivity(unchecked) private(set) var timing: Timing
    @exclusivity(unchecked) private(set) var animations: [RenderAnimation]
    /// Whether any of `animations` is or holds a transition: most layers have none, and
    /// each frame asks every layer.
    @exclusivity(unchecked) private(set) var hasTransitions: Bool
    @exclusivity(unchecked) private(set) var attributes: LayerAttributes
    /// The outline of the committed bounds and corners, its path made once for a layer that
    /// draws one: frames that leave them as committed draw this path.
    @exclusivity(unchecked) private(set) var outline: LayerOutline
    /// A gradient layer's committed gradient, made once: frames that leave the colours and
    /// locations as committed draw it.
    @exclusivity(unchecked) private(set) var gradient: CGGradient?

    init(state: LayerState, timing: Timing, animations: [RenderAnimation], attributes: LayerAttributes = LayerAttributes()) {
        let storage = UnsafeMutablePointer<LayerState>.allocate(capacity: 1)
        storage.initialize(to: state)
        committed = UnsafePointer(storage)
        self.timing = timing
        self.animations = animations
        hasTransitions = animations.contains { $0.holdsTransition }
        self.attributes = attributes
        outline = Self.outline(state, attributes)
        gradient = Self.gradient(state, attributes)
    }

    /// Replaces the contents; only for a layer that holds the only reference.
    func refill(state: LayerState, timing: Timing, animations: [RenderAnimation], attributes: LayerAttributes) {
        UnsafeMutablePointer(mutating: committed).pointee = state
        self.timing = timing
        self.animations = animations
        hasTransitions = animations.contains { $0.holdsTransition }
        self.attributes = attributes
        outline = Self.outline(state, attributes)
        gradient = Self.gradient(state, attributes)
    }

    private static func gradient(_ state: LayerState, _ attributes: LayerAttributes) -> CGGradient? {
        guard case .gradient = attributes.kind else { return nil }
        return LayerClassDrawing.gradient(colors: state.colors, locations: state.locations)
    }

    private static func outline(_ state: LayerState, _ attributes: LayerAttributes) -> LayerOutline {
        let outline = LayerOutline(state, corners: attributes.maskedCorners)
        let drawsOutline = state.backgroundColor != nil || state.borderWidth > 0 || state.masksToBounds || state.shadowOpacity > 0
        return drawsOutline ? outline.withPathMade() : outline
    }

    deinit {
        let storage = UnsafeMutablePointer(mutating: committed)
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// A copy of the committed values.
    var state: LayerState { committed.pointee }
}
