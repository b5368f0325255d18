/// What a commit hands the render tree for one layer: its values, its timing and its
/// animations with their times resolved. Immutable and shared, never copied.
final class CommittedLayer: @unchecked Sendable {
    /// The committed values, at a fixed address so the render tree can read them in place.
    let model: UnsafePointer<LayerState>
    let timing: Timing
    let animations: [AnimationModel]
    let attributes: LayerAttributes

    init(state: LayerState, timing: Timing, animations: [AnimationModel], attributes: LayerAttributes = LayerAttributes()) {
        let storage = UnsafeMutablePointer<LayerState>.allocate(capacity: 1)
        storage.initialize(to: state)
        model = UnsafePointer(storage)
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
