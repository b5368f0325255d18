/// What a commit hands the render tree for one layer: its values, its timing and its
/// animations with their times resolved. Shared, never copied, and immutable once anything
/// but its layer holds it: a layer may refill the one it holds alone (`refill`) instead of
/// making a new one at every commit.
final class CommittedLayer: @unchecked Sendable {
    /// The committed values, at a fixed address so the render tree can read them in place.
    let model: UnsafePointer<LayerState>
    private(set) var timing: Timing
    private(set) var animations: [AnimationModel]
    private(set) var attributes: LayerAttributes

    init(state: LayerState, timing: Timing, animations: [AnimationModel], attributes: LayerAttributes = LayerAttributes()) {
        let storage = UnsafeMutablePointer<LayerState>.allocate(capacity: 1)
        storage.initialize(to: state)
        model = UnsafePointer(storage)
        self.timing = timing
        self.animations = animations
        self.attributes = attributes
    }

    /// Replaces the contents; only for a layer that holds the only reference.
    func refill(state: LayerState, timing: Timing, animations: [AnimationModel], attributes: LayerAttributes) {
        UnsafeMutablePointer(mutating: model).pointee = state
        self.timing = timing
        self.animations = animations
        self.attributes = attributes
    }

    deinit {
        let storage = UnsafeMutablePointer(mutating: model)
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// A copy of the committed values.
    var state: LayerState { model.pointee }
}
