/// The presentation tree: a render tree's values at one media time, what
/// `CALayer.presentation()` reads and what a frame draws (`RenderTree.evaluate(at:)`).
public struct PresentationTree: Sendable {
    var values: [LayerState] = []
    var times: [Double] = []
    /// The media time the tree was evaluated at.
    var time: Double = 0
    /// The render tree whose layers `values` holds.
    var source: RenderTree.Identity?

    /// An empty presentation, to fill with `RenderTree.evaluate(at:into:)`; after the first
    /// call with a render tree, evaluating into it allocates nothing.
    public init() {}

    init(values: [LayerState], times: [Double], source: RenderTree.Identity) {
        self.values = values
        self.times = times
        self.source = source
    }

    /// The number of layers.
    public var layerCount: Int { values.count }

    /// Runs `body` on the values of the layer at `index`, read in place: a `LayerState` is
    /// over a kilobyte, and taking one out of the array copies it and retains every
    /// reference it holds.
    func withLayerState<Result>(at index: Int, _ body: (UnsafePointer<LayerState>) throws -> Result) rethrows -> Result {
        precondition(values.indices.contains(index), "no layer at \(index)")
        return try values.withUnsafeBufferPointer { try body($0.baseAddress! + index) }
    }

    /// The value at `keyPath` (no sublayer or mask hops) of the layer at `index` in the
    /// render tree's depth-first order; nil for an unknown key path or index.
    public func value(forKeyPath keyPath: String, ofLayerAt index: Int) -> Any? {
        guard values.indices.contains(index), let parsed = LayerKeyPath(keyPath), parsed.hops.isEmpty else { return nil }
        return parsed.read(from: values[index][parsed.property])?.anyValue
    }
}
