import Foundation
import FlipbookGraphics

/// An object that animates a transition between view controllers, as UIKit's
/// `UIViewControllerAnimatedTransitioning`.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The transition's length in seconds.
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// Sets up and starts the transition's animations; calls `completeTransition(_:)` when
    /// they end.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// An animator an interactive transition can scrub, pause and reverse. Optional: the
    /// default says there is none, and interactive transitions then drive the container's
    /// layer time.
    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating
    /// Called when the transition has ended. Optional.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        NoInterruptibleAnimator.shared
    }

    public func animationEnded(_ transitionCompleted: Bool) {}
}
