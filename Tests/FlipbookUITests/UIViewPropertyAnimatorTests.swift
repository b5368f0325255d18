@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Testing

/// UIViewPropertyAnimator's life as UIKit documents it: curves and springs, pausing and
/// scrubbing, reversing, stopping and finishing, completions, and calls in the wrong state.
@MainActor @Suite(.serialized) struct UIViewPropertyAnimatorTests {
    /// A committed 10-point square at x = 0 (centre 5) in a fresh window.
    func square() -> UIView {
        let window = makeWindow()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        commit(view, in: window)
        return view
    }

    var shownX: (UIView) -> CGFloat { { $0.shown.position.x } }

    /// Starts `animator` and commits, as the end of the run-loop turn would.
    func start(_ animator: UIViewPropertyAnimator) {
        animator.startAnimation()
        AnimationHost.shared.tick()
    }

    @Test func aLinearAnimatorRunsToTheEndAndCompletesOnce() {
        let view = square()
        var ends: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
        animator.addCompletion { ends.append($0) }
        #expect(animator.state == .inactive && view.center.x == 5)   // nothing runs before the start
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning && view.center.x == 105)
        AnimationHost.shared.tick()
        tick(at: 0.25)
        #expect(abs(shownX(view) - 30) < 1e-6)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
        tick(at: 1)
        #expect(ends == [.end] && animator.state == .inactive && !animator.isRunning)
        #expect(shownX(view) == 105 && view.layer.animationKeys()?.isEmpty != false)
        tick(at: 2)
        #expect(ends == [.end])
    }

    @Test func theCurveShapesTheProgress() {
        let view = square()
        let animator = UIViewPropertyAnimator(duration: 2, curve: .easeInOut) { view.center.x = 105 }
        start(animator)
        tick(at: 0.6)
        let expected = 5 + 100 * CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.3)
        #expect(abs(shownX(view) - expected) < 1e-4)
        let custom = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.1, y: 0.9),
                                            controlPoint2: CGPoint(x: 0.2, y: 1)) { view.alpha = 0 }
        start(custom)
        tick(at: 0.8)
        let fade = CAMediaTimingFunction(controlPoints: 0.1, 0.9, 0.2, 1).evaluate(0.2)
        #expect(abs(Double(view.shown.opacity) - (1 - fade)) < 1e-4)
    }

    /// Paused, an ease-in-out animator resumes exactly along its curve.
    @Test func pauseAndResumeContinueTheCurve() {
        let view = square()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 105 }
        start(animator)
        tick(at: 0.3)
        animator.pauseAnimation()
        #expect(!animator.isRunning && animator.state == .active)
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        tick(at: 4)
        #expect(abs(shownX(view) - (5 + 100 * curve.evaluate(0.3))) < 1e-4)   // held while paused
        start(animator)
        tick(at: 4.2)
        #expect(abs(shownX(view) - (5 + 100 * curve.evaluate(0.5))) < 1e-3)
        tick(at: 4.7)
        #expect(animator.state == .inactive && shownX(view) == 105)
    }

    /// Scrubbing moves the views linearly; running on carries on from there.
    @Test func scrubbingIsLinearAndResumingCarriesOn() {
        let view = square()
        var ends: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 105 }
        animator.addCompletion { ends.append($0) }
        animator.fractionComplete = 0.2               // an inactive animator becomes active, paused
        #expect(animator.state == .active && !animator.isRunning)
        AnimationHost.shared.tick()
        #expect(abs(shownX(view) - 25) < 1e-6)
        animator.fractionComplete = 0.6
        AnimationHost.shared.tick()
        #expect(abs(shownX(view) - 65) < 1e-6)
        tick(at: 10)
        start(animator)
        var last = shownX(view)
        #expect(abs(last - 65) < 1e-6)                // no jump when running on
        for t in stride(from: 10.05, through: 10.4, by: 0.05) {
            tick(at: t)
            #expect(shownX(view) >= last - 1e-9)
            last = shownX(view)
        }
        #expect(ends == [.end] && shownX(view) == 105)
        // Not scrubbing linearly, a paused animator shows the curve.
        let other = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 5 }
        other.scrubsLinearly = false
        other.fractionComplete = 0.5
        AnimationHost.shared.tick()
        #expect(abs(shownX(view) - (105 - 100 * CAMediaTimingFunction(name: .easeIn).evaluate(0.5))) < 1e-4)
    }

    /// `continueAnimation` runs the rest in `durationFactor` times the original duration,
    /// on the new timing; a factor of 0 keeps the original pace.
    @Test func continuingTakesTheDurationFactorOfTheOriginalDuration() {
        let view = square()
        var ends: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 2, curve: .easeIn) { view.center.x = 105 }
        animator.addCompletion { ends.append($0) }
        animator.fractionComplete = 0.4
        AnimationHost.shared.tick()
        tick(at: 1)
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 0.5)
        #expect(animator.isRunning)
        AnimationHost.shared.tick()
        tick(at: 1.5)                                  // half of the 1 s left, linearly
        #expect(abs(shownX(view) - 75) < 1e-4)
        tick(at: 1.99)
        #expect(ends.isEmpty)
        tick(at: 2)
        #expect(ends == [.end] && shownX(view) == 105)

        // Reversed with a factor of 0: back from 50 % over the 1 s that half the duration takes.
        let back = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center.x = 5 }
        back.addCompletion { ends.append($0) }
        back.fractionComplete = 0.5
        back.isReversed = true
        back.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 0)
        AnimationHost.shared.tick()
        tick(at: 2.5)
        #expect(abs(shownX(view) - 80) < 1e-4)
        tick(at: 3)
        #expect(ends == [.end, .start] && view.center.x == 105)
    }

    @Test func reversingRunsBackAndEndsAtTheStart() {
        let view = square()
        var ends: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
        animator.addCompletion { ends.append($0) }
        start(animator)
        tick(at: 0.6)
        animator.isReversed = true
        AnimationHost.shared.tick()
        tick(at: 0.9)
        #expect(abs(shownX(view) - 35) < 1e-6)
        #expect(abs(animator.fractionComplete - 0.3) < 1e-9)
        tick(at: 1.2)
        #expect(ends == [.start] && view.center.x == 5 && shownX(view) == 5)
    }

    @Test func pausesOnCompletionKeepsTheAnimatorActive() {
        let view = square()
        var ends: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { view.center.x = 55 }
        animator.pausesOnCompletion = true
        animator.addCompletion { ends.append($0) }
        start(animator)
        tick(at: 0.5)
        #expect(ends.isEmpty && animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 1 && shownX(view) == 55)
        animator.isReversed = true
        start(animator)
        tick(at: 0.75)
        #expect(abs(shownX(view) - 30) < 1e-6)
        tick(at: 1)
        #expect(ends.isEmpty && animator.fractionComplete == 0 && shownX(view) == 5)
    }

    @Test func stoppingAndFinishing() {
        let view = square()
        var ends: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
        animator.addCompletion { ends.append($0) }
        start(animator)
        tick(at: 0.5)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && ends.isEmpty)
        tick(at: 3)
        #expect(abs(shownX(view) - 55) < 1e-6)         // stays where it stopped
        animator.finishAnimation(at: .current)
        #expect(ends == [.current] && animator.state == .inactive && abs(view.center.x - 55) < 1e-6)

        let back = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 0 }
        start(back)
        tick(at: 3.5)
        back.stopAnimation(false)
        back.finishAnimation(at: .start)
        #expect(abs(view.center.x - 55) < 1e-6)

        var called = false
        let dropped = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 155 }
        dropped.addCompletion { _ in called = true }
        start(dropped)
        tick(at: 3.75)
        dropped.stopAnimation(true)
        #expect(!called && dropped.state == .inactive && abs(view.center.x - 80) < 1e-6)
        tick(at: 5)
        #expect(!called && abs(shownX(view) - 80) < 1e-6)
    }

    @Test func aSpringOvershootsAndEndsOnTime() {
        let view = square()
        var ended: Double?
        let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.3) { view.center.x = 105 }
        animator.addCompletion { _ in ended = CACurrentMediaTime() }
        start(animator)
        var peak: CGFloat = 0
        for t in stride(from: 0.02, to: 1, by: 0.02) {
            tick(at: t)
            peak = max(peak, shownX(view))
        }
        #expect(peak > 120 && ended == nil)
        tick(at: 1)
        #expect(ended == 1 && shownX(view) == 105)
        // A spring of mass, stiffness and damping takes its own settling time.
        let physics = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: .zero)
        let own = UIViewPropertyAnimator(duration: 10, timingParameters: physics)
        own.addAnimations { view.center.x = 5 }
        own.addCompletion { _ in ended = CACurrentMediaTime() }
        start(own)
        let settling = physics.makeAnimation(keyPath: "position", duration: 10).settlingDuration
        tick(at: 1 + settling)
        #expect(ended == 1 + settling && settling < 2)
    }

    @Test func runningAnimatorsStartAfterTheirDelay() {
        let view = square()
        var ends: [UIViewAnimatingPosition] = []
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: .curveLinear,
                                                        animations: { view.center.x = 105 }) { ends.append($0) }
        AnimationHost.shared.tick()
        tick(at: 0.4)
        #expect(shownX(view) == 5)
        tick(at: 1)
        #expect(abs(shownX(view) - 55) < 1e-6)
        tick(at: 1.5)
        #expect(ends == [.end])
    }

    @Test func animationsAddedWhileRunningUseTheRestOfTheTime() {
        let view = square()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 105 }
        start(animator)
        tick(at: 0.5)
        animator.addAnimations { view.alpha = 0 }
        AnimationHost.shared.tick()
        tick(at: 0.75)
        #expect(abs(view.shown.opacity - 0.5) < 1e-6)
        #expect(abs(shownX(view) - 80) < 1e-4)
        tick(at: 1)
        #expect(view.alpha == 0 && view.shown.opacity == 0)
    }

    @Test func callsInTheWrongStateAreReported() {
        let view = square()
        let animator = UIViewPropertyAnimator(duration: -1, curve: .linear) { view.center.x = 15 }
        var messages = collectingUIDiagnostics { animator.finishAnimation(at: .end) }
        #expect(messages.count == 1 && animator.duration == 0)
        animator.pauseAnimation()
        animator.stopAnimation(false)
        messages = collectingUIDiagnostics { animator.startAnimation() }
        #expect(messages.count == 1 && animator.state == .stopped)
        animator.finishAnimation(at: .end)
        #expect(view.center.x == 15 && animator.state == .inactive)
    }

    /// The piece of a timing curve between two times, rescaled, is the curve there.
    @Test func timingCurveSegmentsFollowTheCurve() {
        let curve = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1)
        for (a, b) in [(0.0, 1.0), (0.3, 1.0), (0.25, 0.75), (0.9, 0.2), (1.0, 0.0), (0.6, 0.0)] {
            let piece = curve.segment(from: a, to: b)
            let (ya, yb) = (curve.evaluate(a), curve.evaluate(b))
            for s in stride(from: 0.0, through: 1.0, by: 0.125) {
                let expected = (curve.evaluate(a + (b - a) * s) - ya) / (yb - ya)
                #expect(abs(piece.evaluate(s) - expected) < 2e-4, "\(a)→\(b) at \(s)")
            }
        }
    }
}
