/// What a commit hands the render tree for one layer: its values, its timing and its
/// animations with their times resolved. Immutable and shared, never copied.
final class CommittedLayer: @unchecked Sendable {
    let state: LayerState
    let timing: Timing
    let animations: [AnimationModel]

    init(state: LayerState, timing: Timing, animations: [AnimationModel]) {
        self.state = state
        self.timing = timing
        self.animations = animations
    }

    /// Applies, in the order they were added, the animations aimed at the layer reached
    /// by `hops` from this one (empty: this layer) at this layer's time `time`. `model` is
    /// the target layer's committed values.
    func apply(atLayerTime time: Double, hops: [LayerKeyPath.Hop] = [], model: LayerState, to result: inout LayerState) {
        for animation in animations {
            animation.apply(atParentTime: time, hops: hops, model: model, to: &result)
        }
    }
}
