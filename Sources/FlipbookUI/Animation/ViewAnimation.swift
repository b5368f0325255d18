import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// One open animation block (`UIView.animate`, a keyframe, `performWithoutAnimation`):
/// what the views' layers answer when a property changes inside it. Blocks nest; the
/// innermost decides.
@MainActor
final class ViewAnimation {
    /// How a block treats property changes.
    enum Mode {
        /// Changes animate with these timings.
        case animate
        /// Changes apply at once (`performWithoutAnimation`, a transition's block).
        case disabled
        /// Changes are keyframes of the enclosing `animateKeyframes`, from `start` to `end`
        /// (fractions of its duration).
        case keyframe(KeyframeRecorder, start: Double, end: Double)
    }

    /// A spring's damping ratio and initial velocity (fractions of the change per second).
    struct SpringParameters {
        var dampingRatio: CGFloat
        var velocity: CGFloat
    }

    let mode: Mode
    var duration: TimeInterval
    var delay: TimeInterval
    var options: UIView.AnimationOptions
    var curve: UIView.AnimationCurve
    var spring: SpringParameters?
    /// Collects the animations the block makes, for its completion.
    let group: ViewAnimationGroup?

    private init(mode: Mode, duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
                 spring: SpringParameters?, group: ViewAnimationGroup?) {
        self.mode = mode
        self.duration = duration
        self.delay = delay
        self.options = options
        self.curve = options.curve
        self.spring = spring
        self.group = group
    }

    /// The open blocks, outermost first.
    private static var stack: [ViewAnimation] = []
    /// Whether animation blocks animate (`UIView.setAnimationsEnabled`).
    static var enabled = true

    /// The innermost open block.
    static var current: ViewAnimation? { stack.last }

    /// Runs `changes` inside an animating block. A nested block takes the enclosing
    /// block's duration, curve and repeat options unless its options say to keep its own,
    /// as UIKit does.
    static func animate(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
                        spring: SpringParameters? = nil, group: ViewAnimationGroup?, _ changes: (ViewAnimation) -> Void) {
        let block = ViewAnimation(mode: .animate, duration: duration, delay: delay, options: options,
                                  spring: spring, group: group)
        if let outer = stack.last(where: { if case .animate = $0.mode { true } else { false } }) {
            if !options.contains(.overrideInheritedDuration) { block.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                block.curve = outer.curve
                block.spring = spring ?? outer.spring
            }
            if !options.contains(.overrideInheritedOptions) {
                block.options.remove([.repeat, .autoreverse])
                block.options.formUnion(outer.options.intersection([.repeat, .autoreverse, .beginFromCurrentState]))
            }
        }
        run(block) { changes(block) }
    }

    /// Runs `changes` with no animation.
    static func withoutAnimation(_ changes: () -> Void) {
        run(ViewAnimation(mode: .disabled, duration: 0, delay: 0, options: [], spring: nil, group: nil), changes)
    }

    /// Runs `changes` as a keyframe of `recorder`.
    static func keyframe(_ recorder: KeyframeRecorder, start: Double, end: Double, _ changes: () -> Void) {
        run(ViewAnimation(mode: .keyframe(recorder, start: start, end: end), duration: 0, delay: 0, options: [],
                          spring: nil, group: nil), changes)
        recorder.closeKeyframe(start: start, end: end)
    }

    private static func run(_ block: ViewAnimation, _ changes: () -> Void) {
        stack.append(block)
        changes()
        stack.removeLast()
    }

    /// The action for a change of `key` on `layer`: nil outside any block (the view then
    /// answers "no action").
    static func action(for layer: CALayer, forKey key: String) -> (any CAAction)? {
        guard let block = stack.last else { return nil }
        return block.action(for: layer, forKey: key)
    }

    private func action(for layer: CALayer, forKey key: String) -> (any CAAction)? {
        guard type(of: layer).defaultAction(forKey: key) != nil else { return nil }
        switch mode {
        case .disabled:
            return nil
        case .keyframe(let recorder, _, _):
            recorder.noteChange(of: layer, key: key)
            return nil
        case .animate:
            guard duration > 0 else { return nil }
            return makeAnimation(for: layer, key: key)
        }
    }

    /// A basic (or spring) animation from the value before the change — the model's, or
    /// with `.beginFromCurrentState` what is on screen — to the new model value.
    private func makeAnimation(for layer: CALayer, key: String) -> CAAnimation {
        let animation: CABasicAnimation
        if let spring {
            let springAnimation = CASpringAnimation(keyPath: key)
            Self.fit(springAnimation, dampingRatio: spring.dampingRatio, velocity: spring.velocity, to: duration)
            animation = springAnimation
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = curve.timingFunction
        }
        let source = options.contains(.beginFromCurrentState) ? layer.presentation() ?? layer : layer
        animation.fromValue = source.value(forKey: key)
        configure(animation, on: layer)
        return animation
    }

    /// Duration, delay, repetition and completion tracking shared by every animation a
    /// block makes. A delayed animation fills backwards, showing its start until it runs.
    func configure(_ animation: CAAnimation, on layer: CALayer) {
        animation.duration = duration
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = options.contains(.autoreverse)
        group?.track(animation)
    }

    /// Sets a spring's stiffness and damping so that it has `dampingRatio` (clamped to
    /// 0.01…1) and comes to rest (stays within 0.08 % of its end) exactly as `duration`
    /// ends: UIKit's spring animations last their duration.
    static func fit(_ animation: CASpringAnimation, dampingRatio: CGFloat, velocity: CGFloat, to duration: TimeInterval) {
        let zeta = Double(dampingRatio.isFinite ? min(max(dampingRatio, 0.01), 1) : 1)
        animation.mass = 1
        animation.initialVelocity = velocity.isFinite ? velocity : 0
        func settle(_ omega: Double) -> Double {
            animation.stiffness = CGFloat(omega * omega)
            animation.damping = CGFloat(2 * zeta * omega)
            return animation.settlingDuration
        }
        // Settling time falls as the natural frequency rises: bisect on its logarithm.
        var low = log(1e-3), high = log(1e4)
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if settle(exp(mid)) > duration { low = mid } else { high = mid }
        }
        _ = settle(exp(high))
        animation.duration = duration
    }
}

/// The animations one block made, and its completion: called once they have all stopped,
/// with whether they all finished (false when one was removed or replaced first). A block
/// that made none completes, finished, in the host's tick after its delay, as UIKit calls
/// such completions on a later turn of the run loop.
@MainActor
final class ViewAnimationGroup: CAAnimationDelegate {
    private let completion: ((Bool) -> Void)?
    private var running = 0
    private var allFinished = true
    private var sealed = false
    private var completed = false

    init(completion: ((Bool) -> Void)?) { self.completion = completion }

    /// Counts `animation` as one of the block's.
    func track(_ animation: CAAnimation) {
        running += 1
        animation.delegate = self
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        running -= 1
        allFinished = allFinished && flag
        completeIfDone()
    }

    /// The block has closed: no more animations join.
    func seal(delay: TimeInterval) {
        sealed = true
        guard running == 0 else { return }
        AnimationHost.shared.schedule(after: delay) { [self] in completeIfDone() }
    }

    private func completeIfDone() {
        guard sealed, running == 0, !completed else { return }
        completed = true
        completion?(allFinished)
    }
}
