import Flipbook

/// Where a view is laid out for a snapshot. A view that is not in a window is put in one of
/// this size (`AnimationHost.shared.reset()` lets it go); a view already in a window stays
/// where it is, and only its own frame is drawn.
public enum SnapshotLayout: Sendable, Hashable {
    /// The view fills a device's screen, at the device's scale unless one is given.
    case device(SnapshotDevice)
    /// The view fills a window of this size in points.
    case fixed(width: CGFloat, height: CGFloat)
    /// The view keeps the frame it has.
    case frame
}
