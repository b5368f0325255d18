/// A transition acting on a layer at one time: what the renderer blends.
public struct LayerTransition: Sendable {
    public let type: CATransitionType
    public let subtype: CATransitionSubtype?
    /// 0 shows only the old picture, 1 only the new.
    public let progress: Double
    /// The layer's subtree before the change (the layer first) and the media time to
    /// evaluate it at for its still picture; nil when there was nothing before.
    public let before: RenderTree?
    public let beforeTime: CFTimeInterval
    /// The transition's `filter`, as it was set.
    public nonisolated(unsafe) let filter: Any?
}
