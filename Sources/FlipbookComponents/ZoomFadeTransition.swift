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

/// A navigation delegate that animates with `ZoomFadeTransition` the changes `uses`
/// accepts (all by default) and leaves the others to the navigation controller's slide, as
/// seed 002's `NavigationController` chooses by destination.
@MainActor
public final class ZoomFadeNavigationDelegate: NSObject, UINavigationControllerDelegate {
    /// Whether a change from one controller to another uses the zoom and fade.
    public var uses: (UINavigationController.Operation, UIViewController, UIViewController) -> Bool
    /// Seconds each transition takes.
    public var duration: TimeInterval

    public init(duration: TimeInterval = 0.3,
                uses: @escaping (UINavigationController.Operation, UIViewController, UIViewController) -> Bool = { _, _, _ in true }) {
        self.duration = duration
        self.uses = uses
    }

    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        uses(operation, fromVC, toVC) ? ZoomFadeTransition(operation: operation, duration: duration) : nil
    }
}
