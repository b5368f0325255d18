import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// The animations of `UIModalTransitionStyle`, used when a presented controller's
/// transitioning delegate gives none. Presenting, the presenting view (when the
/// framework hands it over) and the presented view are put in the container; dismissing,
/// the same in reverse.
///
/// Durations follow UIKit's feel: 0.5 s to cover, 0.35 s to dissolve, 0.75 s to flip
/// (a true 3-D rotation with perspective, through `UIView.transition`) and to curl. The
/// partial curl stops at 65 % of a page curl and holds there while the controller is
/// presented.
@MainActor
final class ModalTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let style: UIModalTransitionStyle
    let isPresenting: Bool
    /// How far the partial curl turns the page.
    static let partialCurlProgress: Float = 0.65
    static let partialCurlKey = "flipbook.partialCurl"

    init(style: UIModalTransitionStyle, presenting: Bool) {
        self.style = style
        isPresenting = presenting
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        switch style {
        case .coverVertical: 0.5
        case .crossDissolve: 0.35
        case .flipHorizontal, .partialCurl: 0.75
        }
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let presented = transitionContext.viewController(forKey: isPresenting ? .to : .from),
              let presentedView = transitionContext.view(forKey: isPresenting ? .to : .from) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let container = transitionContext.containerView
        let frame = isPresenting ? transitionContext.finalFrame(for: presented) : transitionContext.initialFrame(for: presented)
        // The presenting view, when the framework hands it over, goes underneath.
        let presentingView = transitionContext.view(forKey: isPresenting ? .from : .to)
        if let presentingView, presentingView.superview !== container {
            container.insertSubview(presentingView, at: 0)
        }
        if style == .flipHorizontal || style == .partialCurl {
            // A flip or curl starts from the container as committed: commit the views set
            // up so far first, as UIKit lays out and commits before a transition begins.
            CATransaction.flush()
        }
        let duration = transitionDuration(using: transitionContext)
        let finish: (Bool) -> Void = { _ in
            presentedView.frame = frame
            presentedView.alpha = 1
            let cancelled = transitionContext.transitionWasCancelled
            if cancelled == self.isPresenting { presentedView.removeFromSuperview() }
            transitionContext.completeTransition(!cancelled)
        }
        switch style {
        case .coverVertical:
            let below = frame.offsetBy(dx: 0, dy: container.bounds.height)
            if isPresenting {
                presentedView.frame = below
                container.addSubview(presentedView)
            }
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                           animations: { presentedView.frame = self.isPresenting ? frame : below }, completion: finish)
        case .crossDissolve:
            if isPresenting {
                presentedView.frame = frame
                presentedView.alpha = 0
                container.addSubview(presentedView)
            }
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                           animations: { presentedView.alpha = self.isPresenting ? 1 : 0 }, completion: finish)
        case .flipHorizontal:
            presentedView.frame = frame
            guard let presentingView else { return flip(with: presentedView, in: container, duration, finish) }
            let (from, to) = isPresenting ? (presentingView, presentedView) : (presentedView, presentingView)
            UIView.transition(from: from, to: to, duration: duration,
                              options: isPresenting ? .transitionFlipFromRight : .transitionFlipFromLeft, completion: finish)
        case .partialCurl:
            presentedView.frame = frame
            curl(presentedView, over: presentingView, in: container, duration, finish)
        }
    }

    /// A flip with no presenting view to show on the other side.
    private func flip(with view: UIView, in container: UIView, _ duration: TimeInterval, _ finish: @escaping (Bool) -> Void) {
        UIView.transition(with: container, duration: duration,
                          options: isPresenting ? .transitionFlipFromRight : .transitionFlipFromLeft,
                          animations: { if self.isPresenting { container.addSubview(view) } else { view.isHidden = true } },
                          completion: { done in
                              view.isHidden = false
                              finish(done)
                          })
    }

    /// The partial curl: the page (the presenting view, or the container's content) curls
    /// up to `partialCurlProgress` and stays; dismissing uncurls it from there.
    private func curl(_ presentedView: UIView, over presentingView: UIView?, in container: UIView,
                      _ duration: TimeInterval, _ finish: @escaping (Bool) -> Void) {
        let transition = CATransition()
        transition.duration = duration
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        if isPresenting {
            transition.type = .pageCurl
            transition.subtype = .fromBottom
            transition.endProgress = Self.partialCurlProgress
            transition.fillMode = .forwards
            transition.isRemovedOnCompletion = false
            container.addSubview(presentedView)
            presentingView?.removeFromSuperview()
        } else {
            container.layer.removeAnimation(forKey: Self.partialCurlKey)
            transition.type = .pageUnCurl
            transition.subtype = .fromBottom
            transition.startProgress = 1 - Self.partialCurlProgress
            if let presentingView { container.addSubview(presentingView) }
            presentedView.removeFromSuperview()
        }
        CATransaction.begin()
        CATransaction.setCompletionBlock { finish(true) }
        container.layer.add(transition, forKey: isPresenting ? Self.partialCurlKey : nil)
        CATransaction.commit()
    }
}
