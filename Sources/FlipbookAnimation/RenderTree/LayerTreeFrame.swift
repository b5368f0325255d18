/// The presentation values of a snapshot's layers at one time.
public struct LayerTreeFrame: Sendable {
    var values: [LayerState] = []
    var times: [Double] = []
    /// The media time the frame was evaluated at.
    var time: Double = 0
    /// The snapshot whose layers `values` holds.
    var source: LayerTreeSnapshot.Identity?

    /// An empty frame, to fill with `LayerTreeSnapshot.evaluate(at:into:)`; after the
    /// first call with a snapshot, evaluating into it allocates nothing.
    public init() {}

    init(values: [LayerState], times: [Double], source: LayerTreeSnapshot.Identity) {
        self.values = values
        self.times = times
        self.source = source
    }

    /// The number of layers.
    public var layerCount: Int { values.count }

    /// The value at `keyPath` (no sublayer or mask hops) of the layer at `index` in the
    /// snapshot's depth-first order; nil for an unknown key path or index.
    public func value(forKeyPath keyPath: String, ofLayerAt index: Int) -> Any? {
        guard values.indices.contains(index), let parsed = LayerKeyPath(keyPath), parsed.hops.isEmpty else { return nil }
        return parsed.read(from: values[index][parsed.property])?.anyValue
    }
}
