import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// Presenting and dismissing controllers modally, as UIKit does on a phone.
///
/// The presentation is made by the top of the presenting controller's chain of parents.
/// The presented view fills a container view laid over the window; with a full-screen
/// style the presenting view leaves the window once the transition ends and comes back
/// for the dismissal, and the presenting controller hears its disappearance and
/// reappearance (styles that keep it in place do not tell it). The animation comes from
/// the presented controller's `transitioningDelegate`, or from its
/// `modalTransitionStyle`.
extension UIViewController {
    /// Presents `viewControllerToPresent` over this controller's window. Presenting while
    /// this controller already presents one, presenting a controller that is already
    /// presented or has a parent, or presenting from a controller whose view is not in a
    /// window, is reported and ignored, as UIKit warns and ignores it.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = rootAncestor
        let presented = viewControllerToPresent
        guard presenter.presentedViewController == nil else {
            return UIDiagnostics.report("Attempt to present \(type(of: presented)) on \(type(of: presenter)) which is already presenting; ignored")
        }
        guard let window = presenter.viewIfLoaded?.window else {
            return UIDiagnostics.report("Attempt to present \(type(of: presented)) on \(type(of: presenter)) whose view is not in a window; ignored")
        }
        guard presented !== presenter, presented.presentingViewController == nil, presented.parent == nil else {
            return UIDiagnostics.report("\(type(of: presented)) is already presented or has a parent; it can't be presented; ignored")
        }
        let style = presented.modalPresentationStyle
        let presenterView = presenter.view!
        presenter.presentedViewController = presented
        presented.presentingViewController = presenter
        presented.isBeingPresented = true
        let container = UIView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(container)
        presented.presentationContainer = container
        let frame = container.bounds
        let presentedView = presented.view!
        presentedView.frame = frame
        if !style.keepsPresentingView { presenter.beginAppearanceTransition(false, animated: flag) }
        presented.beginAppearanceTransition(true, animated: flag)
        let finish: (Bool) -> Void = { completed in
            presented.isBeingPresented = false
            if completed {
                if !style.keepsPresentingView { presenterView.removeFromSuperview() }
                presented.endAppearanceTransition()
                if !style.keepsPresentingView { presenter.endAppearanceTransition() }
                completion?()
            } else {
                container.removeFromSuperview()
                presented.presentationContainer = nil
                presenter.presentedViewController = nil
                presented.presentingViewController = nil
                presented.beginAppearanceTransition(false, animated: flag)
                presented.endAppearanceTransition()
                if !style.keepsPresentingView {
                    presenter.beginAppearanceTransition(true, animated: flag)
                    presenter.endAppearanceTransition()
                }
            }
        }
        guard flag else {
            presentedView.frame = frame
            container.addSubview(presentedView)
            return finish(true)
        }
        let animator = presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenter, source: self)
            ?? ModalTransitionAnimator(style: presented.modalTransitionStyle, presenting: true)
        let context = TransitionContext(
            container: container,
            from: .init(controller: presenter, view: style.keepsPresentingView ? nil : presenterView,
                        initialFrame: presenterView.frame, finalFrame: style.keepsPresentingView ? presenterView.frame : .zero),
            to: .init(controller: presented, view: presentedView, initialFrame: .zero, finalFrame: frame),
            style: style, animator: animator, onCompletion: finish)
        context.start(interactionController: presented.transitioningDelegate?.interactionControllerForPresentation(using: animator))
    }

    /// Dismisses the controller this one presented or, when it presents none, this
    /// controller (or the top of its parents) if it was presented. Controllers presented
    /// above the one dismissed go at once, without animation. Nothing presented: nothing
    /// happens but the completion.
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let owner = rootAncestor
        guard let presented = owner.presentedViewController ?? (owner.presentingViewController != nil ? owner : nil),
              let presenter = presented.presentingViewController, let container = presented.presentationContainer else {
            completion?()
            return
        }
        if presented.presentedViewController != nil { presented.dismiss(animated: false) }
        let style = presented.modalPresentationStyle
        let presenterView = presenter.view!
        let presentedView = presented.view!
        let home = container.superview ?? container
        presented.isBeingDismissed = true
        presented.beginAppearanceTransition(false, animated: flag)
        if !style.keepsPresentingView { presenter.beginAppearanceTransition(true, animated: flag) }
        let finish: (Bool) -> Void = { completed in
            presented.isBeingDismissed = false
            if completed {
                if !style.keepsPresentingView {
                    home.insertSubview(presenterView, belowSubview: container)
                }
                container.removeFromSuperview()
                presented.presentationContainer = nil
                presenter.presentedViewController = nil
                presented.presentingViewController = nil
                if !style.keepsPresentingView { presenter.endAppearanceTransition() }
                presented.endAppearanceTransition()
                completion?()
            } else {
                if !style.keepsPresentingView {
                    presenterView.removeFromSuperview()
                    presenter.beginAppearanceTransition(false, animated: flag)
                    presenter.endAppearanceTransition()
                }
                presented.beginAppearanceTransition(true, animated: flag)
                presented.endAppearanceTransition()
            }
        }
        guard flag else { return finish(true) }
        let animator = presented.transitioningDelegate?.animationController(forDismissed: presented)
            ?? ModalTransitionAnimator(style: presented.modalTransitionStyle, presenting: false)
        let context = TransitionContext(
            container: container,
            from: .init(controller: presented, view: presentedView, initialFrame: presentedView.frame, finalFrame: .zero),
            to: .init(controller: presenter, view: style.keepsPresentingView ? nil : presenterView,
                      initialFrame: presenterView.frame, finalFrame: presenterView.frame),
            style: style, animator: animator, onCompletion: finish)
        context.start(interactionController: presented.transitioningDelegate?.interactionControllerForDismissal(using: animator))
    }
}
