import Foundation
import FlipbookAnimation

extension UIView {
    /// Animates the changes `animations` makes to views (frame, bounds, center, transform,
    /// alpha, backgroundColor and the other animatable layer properties) over `duration`
    /// seconds after `delay`, as UIKit does. Each changed property gets a basic animation
    /// from its old model value (what is on screen with `.beginFromCurrentState`) to the
    /// new one, on the options' curve (ease-in-out by default); `.repeat` repeats for
    /// ever and `.autoreverse` plays back and forth, the model keeping the new value.
    /// `completion` runs once all of them have stopped, with whether they all finished;
    /// when nothing animated, in the host's tick after `delay`. A duration of 0 applies
    /// the changes at once; a negative or NaN one is reported (`UIDiagnostics`) and
    /// counts as 0.
    ///
    /// Flipbook starts a change made during another animation of the same property from
    /// the model value (or, with `.beginFromCurrentState`, from the screen), replacing the
    /// running animation, whose completion then gets false: UIKit's behaviour before iOS 8
    /// made such animations additive.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: delay, options: options, spring: nil, completion: completion) { _ in animations() }
    }

    /// Animates with no delay and the default options.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates with no delay, the default options and no completion.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates on a spring: `dampingRatio` 1 settles without overshoot, smaller values
    /// bounce; `velocity` is the starting speed as a fraction of the whole change per
    /// second. The spring comes to rest as `duration` ends (its stiffness is chosen so).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: delay, options: options,
            spring: ViewAnimation.SpringParameters(dampingRatio: dampingRatio, velocity: velocity),
            completion: completion) { _ in animations() }
    }

    /// Animates the keyframes `animations` adds with `addKeyframe(withRelativeStartTime:
    /// relativeDuration:animations:)`: each changed property gets one keyframe animation
    /// over the whole duration, holding still between its keyframes. The calculation mode
    /// comes from the options (linear by default) and the overall curve from curve bits
    /// passed in them (ease-in-out by default, as UIKit).
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let blockOptions = options.animationOptions
        let recorder = KeyframeRecorder(fromCurrentState: blockOptions.contains(.beginFromCurrentState))
        let mode: CAAnimationCalculationMode = switch (options.rawValue >> 10) & 0xF {
        case 1: .discrete
        case 2: .paced
        case 3: .cubic
        case 4: .cubicPaced
        default: .linear
        }
        run(duration: duration, delay: delay, options: blockOptions, spring: nil, completion: completion) { block in
            KeyframeRecorder.open.append(recorder)
            animations()
            KeyframeRecorder.open.removeLast()
            if let block, block.duration > 0 { recorder.addAnimations(timedBy: block, calculationMode: mode) }
        }
    }

    /// Adds a keyframe to the enclosing `animateKeyframes`: the changes `animations` makes
    /// happen from `frameStartTime` to `frameStartTime + frameDuration` (fractions of the
    /// whole). Outside `animateKeyframes` the changes apply at once, with a diagnostic.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let recorder = KeyframeRecorder.open.last else {
            UIDiagnostics.report("addKeyframe(withRelativeStartTime:relativeDuration:) outside animateKeyframes; the changes apply without animation")
            ViewAnimation.withoutAnimation(animations)
            return
        }
        let start = frameStartTime.isFinite ? min(max(frameStartTime, 0), 1) : 0
        let end = frameDuration.isFinite ? min(max(start + frameDuration, start), 1) : 1
        ViewAnimation.keyframe(recorder, start: start, end: end, animations)
    }

    /// Makes the changes in `actionsWithoutAnimation` at once, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        ViewAnimation.withoutAnimation(actionsWithoutAnimation)
    }

    /// Whether animation blocks animate (true by default); when false they apply their
    /// changes at once and still call their completions.
    public class var areAnimationsEnabled: Bool { ViewAnimation.enabled }

    /// Turns animation blocks on or off.
    public class func setAnimationsEnabled(_ enabled: Bool) { ViewAnimation.enabled = enabled }

    /// The duration of the innermost animation block running now (0 outside any).
    public class var inheritedAnimationDuration: TimeInterval {
        ViewAnimation.current.map { $0.duration } ?? 0
    }

    /// The shared body of the block animations: checks the timings, opens the block (or,
    /// with animations off, a block that does not animate), makes the changes, closes it
    /// and arranges the completion.
    private class func run(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
                           spring: ViewAnimation.SpringParameters?, completion: ((Bool) -> Void)?,
                           changes: (ViewAnimation?) -> Void) {
        let duration = checked(duration, "duration"), delay = checked(delay, "delay")
        let group = ViewAnimationGroup(completion: completion)
        if ViewAnimation.enabled {
            ViewAnimation.animate(duration: duration, delay: delay, options: options, spring: spring, group: group, changes)
        } else {
            ViewAnimation.withoutAnimation { changes(nil) }
        }
        group.seal(delay: delay)
    }

    /// A duration or delay that is not negative: others are reported and count as 0.
    class func checked(_ value: TimeInterval, _ name: String) -> TimeInterval {
        guard value.isNaN || value < 0 else { return value }
        UIDiagnostics.report("UIView animation \(name) \(value) is negative or NaN; using 0")
        return 0
    }
}
