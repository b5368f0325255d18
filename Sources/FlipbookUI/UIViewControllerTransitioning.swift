import Foundation
import FlipbookGraphics

/// Keys for the two view controllers of a transition, as UIKit's
/// `UITransitionContextViewControllerKey`.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller on screen when the transition starts.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller on screen when the transition ends.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// Keys for the two views of a transition, as UIKit's `UITransitionContextViewKey`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

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

/// What the default `interruptibleAnimator(using:)` returns: "none".
@MainActor
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    static let shared = NoInterruptibleAnimator()
    var state: UIViewAnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed = false
    var fractionComplete: CGFloat = 0
    func startAnimation() {}
    func startAnimation(afterDelay delay: TimeInterval) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
    func addAnimations(_ animation: @escaping () -> Void) {}
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {}
}

/// An object that drives a transition from user input, as UIKit's
/// `UIViewControllerInteractiveTransitioning`; `UIPercentDrivenInteractiveTransition` is
/// the one the framework provides.
@MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the transition under the object's control.
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// How fast the rest runs when the interaction ends, as a multiple of normal speed.
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts under interactive control (true) or runs until
    /// paused.
    var wantsInteractiveStart: Bool { get }
}

/// The objects a presented view controller asks for its transitions, as UIKit's
/// `UIViewControllerTransitioningDelegate`. Every method is optional: nil means the
/// transition of the controller's `modalTransitionStyle`.
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}
