import Foundation
import FlipbookGraphics
import FlipbookAnimation
import FlipbookUI

/// Seed 002's custom navigation transition, ready to use: an animator that switches on the
/// operation. A push fades the new screen in as it grows from `startScale` to full size over
/// the old one; a pop shrinks the top screen to `startScale` as it fades away, showing the
/// one below.
///
/// Give it from a navigation delegate (or use `ZoomFadeNavigationDelegate`):
///
/// ```swift
/// func navigationController(_ navigationController: UINavigationController,
///                           animationControllerFor operation: UINavigationController.Operation,
///                           from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
///     ZoomFadeTransition(operation: operation)
/// }
/// ```
@MainActor
public final class ZoomFadeTransition: NSObject, UIViewControllerAnimatedTransitioning {
    /// The change animated.
    public let operation: UINavigationController.Operation
    /// Seconds the transition takes (the article's 0.3).
    public var duration: TimeInterval
    /// The size, as a fraction of full, a screen grows from or shrinks to.
    public var startScale: CGFloat = 0.5

    public init(operation: UINavigationController.Operation, duration: TimeInterval = 0.3) {
        self.operation = operation
        self.duration = duration
    }

    public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        duration
    }

    public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let container = transitionContext.containerView
        let small = CGAffineTransform(scaleX: startScale, y: startScale)
        if from.superview !== container { container.addSubview(from) }
        let animations: () -> Void
        if operation == .pop {
            container.insertSubview(to, belowSubview: from)
            animations = {
                from.alpha = 0
                from.transform = small
            }
        } else {
            container.addSubview(to)
            to.alpha = 0
            to.transform = small
            animations = {
                to.alpha = 1
                to.transform = .identity
            }
        }
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: animations) { _ in
            from.alpha = 1
            from.transform = .identity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}
