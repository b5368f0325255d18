import Foundation
import FlipbookAnimation

extension UIView {
    /// Changes `view`'s content with a transition, as UIKit: the changes `animations`
    /// makes (without animating them, unless `.allowAnimatedContent`) show through the
    /// options' transition over `duration` seconds on the options' curve —
    ///
    /// | option | what the layer shows |
    /// | --- | --- |
    /// | `.transitionFlipFromLeft`/`Right`/`Top`/`Bottom` | a 3-D turn about the middle, the named edge coming forward, the new content on the back |
    /// | `.transitionCurlUp` | the old content curling up from the bottom like a page |
    /// | `.transitionCurlDown` | the new content uncurling down from the top |
    /// | `.transitionCrossDissolve` | a cross-fade |
    ///
    /// With no transition option the changes animate as in `animate(withDuration:…)`.
    /// `completion` runs when the transition ends, with false when it was removed first.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard let transition = makeTransition(options) else {
            animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: completion)
            return
        }
        runTransition(transition, on: view.layer, duration: duration, options: options, completion: completion) {
            if options.contains(.allowAnimatedContent) {
                ViewAnimation.animate(duration: duration, delay: 0, options: options, group: nil) { _ in animations?() }
            } else {
                ViewAnimation.withoutAnimation { animations?() }
            }
        }
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview through the options'
    /// transition, as UIKit: `toView` is added beside `fromView` (when not already in that
    /// superview) and `fromView` removed — or, with `.showHideTransitionViews`, `fromView`
    /// hidden and `toView` shown — and the superview's content turns, curls or dissolves
    /// from the old picture to the new (see `transition(with:…)`). A `fromView` without a
    /// superview is reported (`UIDiagnostics`) and nothing changes but the completion,
    /// which runs with false in the next tick.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            UIDiagnostics.report("UIView.transition(from:to:): the from view has no superview; nothing to transition")
            AnimationHost.shared.schedule(after: 0) { completion?(false) }
            return
        }
        let swap = {
            ViewAnimation.withoutAnimation {
                if options.contains(.showHideTransitionViews) {
                    fromView.isHidden = true
                    toView.isHidden = false
                } else {
                    if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                    fromView.removeFromSuperview()
                }
            }
        }
        guard let transition = makeTransition(options) else {
            swap()
            AnimationHost.shared.schedule(after: 0) { completion?(true) }
            return
        }
        runTransition(transition, on: container.layer, duration: duration, options: options, completion: completion, swap)
    }

    /// The Core Animation transition an option names; nil for none.
    private class func makeTransition(_ options: AnimationOptions) -> CATransition? {
        let kinds: [UInt: (CATransitionType, CATransitionSubtype?)] = [
            1: (.flip, .fromLeft), 2: (.flip, .fromRight), 3: (.pageCurl, nil), 4: (.pageUnCurl, nil),
            5: (.fade, nil), 6: (.flip, .fromTop), 7: (.flip, .fromBottom),
        ]
        guard let (type, subtype) = kinds[options.transition] else { return nil }
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.timingFunction = options.curve.timingFunction
        return transition
    }

    /// Adds `transition` to `layer` around `changes`, timed and tracked like a block
    /// animation. With no duration the changes apply at once.
    private class func runTransition(_ transition: CATransition, on layer: CALayer, duration: TimeInterval,
                                     options: AnimationOptions, completion: ((Bool) -> Void)?, _ changes: () -> Void) {
        let group = ViewAnimationGroup(completion: completion)
        let seconds = checked(duration, "duration")
        if seconds > 0, ViewAnimation.enabled {
            ViewAnimation.animate(duration: seconds, delay: 0, options: options, group: group) { block in
                block.configure(transition, on: layer)
            }
            layer.add(transition, forKey: kCATransition)
        }
        changes()
        group.seal(delay: 0)
    }
}
