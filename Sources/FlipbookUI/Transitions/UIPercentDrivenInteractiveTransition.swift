import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// Drives a transition's animations from a percentage, as UIKit's
/// `UIPercentDrivenInteractiveTransition`: a gesture handler calls `update(_:)` as the
/// finger moves, then `finish()` or `cancel()`.
///
/// With an animator that offers an `interruptibleAnimator(using:)`, that animator is
/// scrubbed, and finished or reversed with `timingCurve` (or `completionCurve`). With any
/// other animator the transition's animations are made in the container's layer with its
/// clock stopped; `update(_:)` moves the clock, `finish()` runs it on and `cancel()` runs
/// it back to the start, `completionSpeed` times as fast as normal (linearly: the
/// completion curve applies to interruptible animators only), and the clock is set right
/// when the transition completes. Either way the animator's own completion reports the
/// end, with `transitionWasCancelled` true after a cancel.
@MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// How fast the rest of the transition runs after `finish()` or `cancel()`.
    open var completionSpeed: CGFloat = 1
    /// The curve of the rest of the transition (interruptible animators).
    open var completionCurve = UIView.AnimationCurve.easeInOut
    /// The timing of the rest of the transition (interruptible animators); the completion
    /// curve when nil.
    open var timingCurve: (any UITimingCurveProvider)?
    /// Whether the transition starts under control (true) or runs until `pause()`.
    open var wantsInteractiveStart = true

    /// How far the transition is, 0…1.
    open private(set) var percentComplete: CGFloat = 0
    /// The transition's length in seconds (0 until it starts).
    open var duration: CGFloat { CGFloat(context.map { $0.animator.transitionDuration(using: $0) } ?? 0) }

    private var context: TransitionContext?
    private var interruptible: (any UIViewImplicitlyAnimating)?

    public override init() { super.init() }

    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else {
            UIDiagnostics.report("UIPercentDrivenInteractiveTransition drives only the framework's transition contexts")
            return
        }
        self.context = context
        percentComplete = 0
        let offered = context.animator.interruptibleAnimator(using: context)
        if !(offered is NoInterruptibleAnimator) {
            interruptible = offered
            if wantsInteractiveStart { offered.pauseAnimation() } else { offered.startAnimation() }
            return
        }
        let layer = context.containerView.layer
        layer.speed = 0
        layer.timeOffset = 0
        layer.beginTime = 0
        context.animator.animateTransition(using: context)
        if !wantsInteractiveStart { run(forward: true) }
    }

    /// Moves the transition to `percentComplete` (clamped to 0…1) and pauses it there.
    open func update(_ percentComplete: CGFloat) {
        guard let context, !context.isComplete, percentComplete.isFinite else { return }
        self.percentComplete = min(max(percentComplete, 0), 1)
        context.updateInteractiveTransition(self.percentComplete)
        if let interruptible {
            if interruptible.isRunning { interruptible.pauseAnimation() }
            interruptible.fractionComplete = self.percentComplete
        } else {
            hold(atSeconds: Double(self.percentComplete) * Double(duration))
        }
    }

    /// Pauses a running transition where it is, for the interaction to take it over.
    open func pause() {
        guard let context, !context.isComplete else { return }
        context.pauseInteractiveTransition()
        if let interruptible {
            interruptible.pauseAnimation()
            percentComplete = interruptible.fractionComplete
        } else {
            let elapsed = currentSeconds
            percentComplete = duration > 0 ? CGFloat(elapsed) / duration : 0
            hold(atSeconds: elapsed)
        }
    }

    /// Runs the rest of the transition to its end.
    open func finish() {
        guard let context, !context.isComplete else { return }
        context.finishInteractiveTransition()
        run(forward: true)
    }

    /// Runs the transition back to its start; the animator then completes it cancelled.
    open func cancel() {
        guard let context, !context.isComplete else { return }
        context.cancelInteractiveTransition()
        run(forward: false)
    }

    // MARK: Driving

    private var speed: Double { completionSpeed > 0 && completionSpeed.isFinite ? Double(completionSpeed) : 1 }

    private func run(forward: Bool) {
        guard let context else { return }
        if let interruptible {
            interruptible.isReversed = !forward
            let remaining = forward ? 1 - percentComplete : percentComplete
            let timing = timingCurve ?? UICubicTimingParameters(animationCurve: completionCurve)
            interruptible.continueAnimation(withTimingParameters: timing, durationFactor: remaining / CGFloat(speed))
            return
        }
        let layer = context.containerView.layer
        let offset = currentSeconds
        layer.beginTime = parentTime(of: layer)
        layer.timeOffset = offset
        layer.speed = Float(forward ? speed : -speed)
    }

    /// Stops the container's clock at `seconds` into the transition.
    private func hold(atSeconds seconds: Double) {
        guard let layer = context?.containerView.layer else { return }
        layer.speed = 0
        layer.beginTime = 0
        layer.timeOffset = seconds
    }

    /// Seconds into the transition the container's clock shows now.
    private var currentSeconds: Double {
        guard let layer = context?.containerView.layer else { return 0 }
        return (parentTime(of: layer) - layer.beginTime) * Double(layer.speed) + layer.timeOffset
    }

    private func parentTime(of layer: CALayer) -> Double {
        layer.superlayer?.convertTime(CACurrentMediaTime(), from: nil) ?? CACurrentMediaTime()
    }
}
