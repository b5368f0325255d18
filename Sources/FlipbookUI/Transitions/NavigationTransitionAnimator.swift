import Foundation
import FlipbookGraphics

/// The navigation controller's own push and pop, used when its delegate gives no
/// animator: on a push the incoming view slides in from the right edge while the outgoing
/// one moves left by 30 % of the width under a darkening veil; a pop runs the same in
/// reverse. 0.35 s with an ease-in-out curve (UIKit's own curve is a spring close to it).
@MainActor
final class NavigationTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation
    /// How far the view underneath moves, as a fraction of the width.
    static let parallax: CGFloat = 0.3
    /// The veil's darkest alpha, over the view underneath.
    static let dimming: CGFloat = 0.1

    init(operation: UINavigationController.Operation) { self.operation = operation }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let fromController = transitionContext.viewController(forKey: .from),
              let toController = transitionContext.viewController(forKey: .to),
              let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let container = transitionContext.containerView
        let width = container.bounds.width
        let fromFrame = transitionContext.initialFrame(for: fromController)
        let toFrame = transitionContext.finalFrame(for: toController)
        let pushing = operation != .pop
        // The view that ends on top slides across; the one underneath moves a little.
        let top = pushing ? toView : fromView, under = pushing ? fromView : toView
        let veil = UIView(frame: container.bounds)
        veil.backgroundColor = .black
        veil.isUserInteractionEnabled = false
        if pushing {
            toView.frame = toFrame.offsetBy(dx: width, dy: 0)
            container.addSubview(toView)
            veil.alpha = 0
        } else {
            toView.frame = toFrame.offsetBy(dx: -width * Self.parallax, dy: 0)
            container.insertSubview(toView, belowSubview: fromView)
            veil.alpha = Self.dimming
        }
        container.insertSubview(veil, aboveSubview: under)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseInOut]) {
            if pushing {
                top.frame = toFrame
                under.frame = fromFrame.offsetBy(dx: -width * Self.parallax, dy: 0)
                veil.alpha = Self.dimming
            } else {
                top.frame = fromFrame.offsetBy(dx: width, dy: 0)
                under.frame = toFrame
                veil.alpha = 0
            }
        } completion: { _ in
            veil.removeFromSuperview()
            let cancelled = transitionContext.transitionWasCancelled
            // Views keep their own frames for their next time on screen.
            fromView.frame = fromFrame
            toView.frame = toFrame
            if cancelled { toView.removeFromSuperview() }
            transitionContext.completeTransition(!cancelled)
        }
    }
}
