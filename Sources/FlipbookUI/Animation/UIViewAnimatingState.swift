import Foundation

/// Where a `UIViewPropertyAnimator` is in its life, as UIKit's `UIViewAnimatingState`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished.
    case inactive
    /// Started or paused: its animations are on the views.
    case active
    /// Stopped, waiting for `finishAnimation(at:)`.
    case stopped
}
