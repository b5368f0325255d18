import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// The framework's side of one transition between view controllers (a push, a pop, a
/// presentation or a dismissal): what it tells the animator, and what happens when the
/// animator reports the end.
///
/// An animator that never calls `completeTransition(_:)` is reported some seconds after
/// the transition should have ended, and the transition is then completed for it, so the
/// window stays usable. A second call is reported and ignored.
@MainActor
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    /// Flipbook makes a context only for animated transitions; the others happen at once.
    var isAnimated: Bool { true }
    private(set) var isInteractive = false
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    var targetTransform: CGAffineTransform { .identity }

    /// The two sides: a controller, the view the animator gets for it (nil when the
    /// framework leaves it where it is) and its frames.
    struct Side {
        let controller: UIViewController
        let view: UIView?
        let initialFrame: CGRect
        let finalFrame: CGRect
    }

    private let from: Side, to: Side
    let animator: any UIViewControllerAnimatedTransitioning
    private let onCompletion: (Bool) -> Void
    private(set) var isComplete = false

    /// Seconds past the transition's duration after which an animator that never called
    /// `completeTransition(_:)` is reported.
    static let completionTimeout: TimeInterval = 4

    init(container: UIView, from: Side, to: Side, style: UIModalPresentationStyle,
         animator: any UIViewControllerAnimatedTransitioning, onCompletion: @escaping (Bool) -> Void) {
        containerView = container
        self.from = from
        self.to = to
        presentationStyle = style
        self.animator = animator
        self.onCompletion = onCompletion
    }

    /// Hands the transition to the interaction controller, or to the animator.
    func start(interactionController: (any UIViewControllerInteractiveTransitioning)?) {
        if let interactionController {
            isInteractive = interactionController.wantsInteractiveStart
            interactionController.startInteractiveTransition(self)
        } else {
            animator.animateTransition(using: self)
        }
        guard !isComplete else { return }
        watch(after: animator.transitionDuration(using: self))
    }

    /// Reports and completes a transition still open `duration` plus the timeout from now.
    ///
    /// The watch, held by the host as its delayed work, is also what keeps the context alive
    /// while the transition is open, as the system keeps it for the animator. A host reset
    /// drops it, so a transition abandoned mid-way (a scene dropped for another) lets its
    /// controllers and views go rather than keeping them for ever.
    private func watch(after duration: TimeInterval) {
        let limit = (duration.isFinite ? max(duration, 0) : 0) + Self.completionTimeout
        AnimationHost.shared.schedule(after: limit) { [self] in
            guard !isComplete else { return }
            guard !self.isInteractive else {
                // An interaction may last as long as the user's finger: keep watching.
                self.watch(after: 0)
                return
            }
            UIDiagnostics.report("\(type(of: self.animator)) never called completeTransition(_:) "
                                 + "\(Int(limit)) s into its transition; the transition is completed for it")
            self.completeTransition(!self.transitionWasCancelled)
        }
    }

    /// The framework needs nothing from it: the interaction controller moves the
    /// animations itself.
    func updateInteractiveTransition(_ percentComplete: CGFloat) {}

    func finishInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = false
    }

    func cancelInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = true
    }

    func pauseInteractiveTransition() { isInteractive = true }

    func completeTransition(_ didComplete: Bool) {
        guard !isComplete else {
            UIDiagnostics.report("completeTransition(_:) was called again for a transition that already ended; ignored")
            return
        }
        isComplete = true
        // An interaction may have stopped or turned the container's clock.
        let layer = containerView.layer
        if layer.speed != 1 || layer.timeOffset != 0 || layer.beginTime != 0 {
            (layer.speed, layer.timeOffset, layer.beginTime) = (1, 0, 0)
        }
        onCompletion(didComplete)
        animator.animationEnded(didComplete)
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: from.controller
        case .to: to.controller
        default: nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: from.view
        case .to: to.view
        default: nil
        }
    }

    func initialFrame(for vc: UIViewController) -> CGRect {
        vc === from.controller ? from.initialFrame : vc === to.controller ? to.initialFrame : .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        vc === from.controller ? from.finalFrame : vc === to.controller ? to.finalFrame : .zero
    }
}
