import Foundation
import FlipbookGraphics

/// What the framework tells an animator about a transition between two view
/// controllers, and how the animator reports back, as UIKit's
/// `UIViewControllerContextTransitioning`.
///
/// The animator adds the views it animates to `containerView` and calls
/// `completeTransition(_:)` once, when its animations are done; an interactive transition
/// is driven through `updateInteractiveTransition(_:)` and finished or cancelled.
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition takes place in.
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (an interactive one, given up).
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    var targetTransform: CGAffineTransform { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Ends the transition: true when it completed, false when it was cancelled.
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view that appears (`.to`) or goes (`.from`); nil when the framework keeps it
    /// where it is (the presenting view of a presentation that leaves it in place).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The controller's view's frame when the transition starts (`.zero` when unknown).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The controller's view's frame when it ends (`.zero` when it leaves the screen).
    func finalFrame(for vc: UIViewController) -> CGRect
}
