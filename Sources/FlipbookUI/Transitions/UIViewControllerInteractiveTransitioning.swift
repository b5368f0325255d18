import Foundation
import FlipbookGraphics

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
