@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// A push animator written the way Apple recommends for interruptible transitions: one
/// property animator per transition, made by `interruptibleAnimator(using:)` and started
/// by `animateTransition(using:)`, forgotten in `animationEnded(_:)`. It fades the new top
/// in over the old one, which shrinks to 80 %.
@MainActor
final class InterruptibleFade: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate {
    var interaction: UIPercentDrivenInteractiveTransition?
    private(set) var animator: UIViewPropertyAnimator?
    private(set) var ended: [Bool] = []
    private(set) var animatorsMade = 0

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let from = transitionContext.view(forKey: .from), to = transitionContext.view(forKey: .to)
        if let to { transitionContext.containerView.addSubview(to) }
        to?.alpha = 0
        let animator = UIViewPropertyAnimator(duration: 0.5, curve: .easeIn) {
            to?.alpha = 1
            from?.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
        }
        animator.addCompletion { _ in
            from?.transform = .identity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        animatorsMade += 1
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) {
        animator = nil
        ended.append(transitionCompleted)
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { self }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { interaction }
}

/// UIPercentDrivenInteractiveTransition on both of its paths: scrubbing an interruptible
/// animator, and driving the container's clock for any other.
@MainActor @Suite(.serialized)
struct PercentDrivenTransitionTests {
    let log = CallbackLog()

    /// A navigation controller on screen with the fade as its delegate, and a push of B
    /// begun under a percent-driven interaction.
    private func beginPush(interactiveStart: Bool = true)
        -> (UIWindow, UINavigationController, LoggingController, LoggingController, InterruptibleFade, UIPercentDrivenInteractiveTransition) {
        let root = LoggingController("A", log: log, color: .systemBlue)
        let navigation = UINavigationController(rootViewController: root)
        let window = makeWindow(root: navigation)
        let fade = InterruptibleFade(), interaction = UIPercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = interactiveStart
        fade.interaction = interaction
        navigation.delegate = fade
        let top = LoggingController("B", log: log, color: .systemOrange)
        _ = log.take()
        navigation.pushViewController(top, animated: true)
        return (window, navigation, root, top, fade, interaction)
    }

    @Test func theInteractionScrubsThePropertyAnimatorAndFinishesIt() throws {
        let (window, navigation, root, top, fade, interaction) = beginPush()
        defer { withExtendedLifetime((window, fade)) {} }
        #expect(log.take() == ["B.willMove(parent)", "B.viewDidLoad", "A.willDisappear", "B.willAppear"])
        // The interaction asked for the interruptible animator instead of animateTransition,
        // and holds it paused.
        let animator = try #require(fade.animator)
        #expect(fade.animatorsMade == 1 && !animator.isRunning && animator.state == .active)
        #expect(interaction.duration == 0.5)

        tick(at: 0.1)
        interaction.update(0.3)
        tick(at: 0.2)
        // Paused animators scrub linearly: 30 % through is 30 % of the fade.
        #expect(animator.fractionComplete == 0.3 && interaction.percentComplete == 0.3)
        #expect(abs(top.view.shown.opacity - 0.3) < 0.01)
        #expect(abs(root.view.shown.transform.m11 - 0.94) < 0.01)
        tick(at: 0.5)
        #expect(abs(top.view.shown.opacity - 0.3) < 0.01, "held while the finger rests")

        interaction.finish()
        #expect(animator.isRunning && !animator.isReversed)
        tick(at: 0.6)
        let opacity = top.view.shown.opacity
        #expect(opacity > 0.3 && opacity < 1, "\(opacity)")
        // The rest (70 % of 0.5 s) runs in 0.35 s.
        tick(at: 0.84)
        #expect(fade.ended.isEmpty)
        tick(at: 0.86)
        #expect(fade.ended == [true] && fade.animator == nil)
        #expect(navigation.viewControllers == [root, top] && root.view.superview == nil)
        #expect(top.view.shown.opacity == 1 && root.view.transform == .identity)
        #expect(log.take() == ["A.didDisappear", "B.didAppear", "B.didMove(parent)"])
    }

    @Test func aCancelledInteractionRunsTheAnimatorBackAndRestoresTheStack() throws {
        let (window, navigation, root, top, fade, interaction) = beginPush()
        defer { withExtendedLifetime((window, fade)) {} }
        _ = log.take()
        let animator = try #require(fade.animator)
        interaction.completionSpeed = 2
        interaction.update(0.6)
        tick(at: 0.1)
        interaction.cancel()
        #expect(animator.isRunning && animator.isReversed)
        tick(at: 0.2)
        let opacity = top.view.shown.opacity
        #expect(opacity > 0 && opacity < 0.6, "\(opacity)")
        // Back from 60 % at twice the speed: 0.15 s.
        tick(at: 0.24)
        #expect(fade.ended.isEmpty)
        tick(at: 0.26)
        #expect(fade.ended == [false] && fade.animator == nil)
        #expect(navigation.viewControllers == [root] && top.parent == nil && top.view.superview == nil)
        #expect(root.view.superview != nil && root.view.shown.transform.m11 == 1)
        #expect(log.take() == ["B.willDisappear", "B.didDisappear", "A.willAppear", "A.didAppear", "B.didMove(nil)"])

        // The next push, not interactive, runs the same animator kind to the end.
        fade.interaction = nil
        let next = LoggingController("C", log: log)
        navigation.pushViewController(next, animated: true)
        #expect(fade.animatorsMade == 2 && fade.animator?.isRunning == true)
        tick(at: 0.5)
        tick(at: 0.8)
        #expect(navigation.viewControllers == [root, next] && fade.ended == [false, true])
    }

    /// Started running, the interaction pauses the animator where it got to, then finishes
    /// it on its timing curve (or, without one, its completion curve).
    @Test func aRunningStartPausesAndFinishesOnTheChosenCurve() throws {
        for timing in [UICubicTimingParameters(animationCurve: .linear), nil] {
            let (window, _, _, top, fade, interaction) = beginPush(interactiveStart: false)
            defer { withExtendedLifetime((window, fade)) {} }
            let animator = try #require(fade.animator)
            #expect(animator.isRunning)
            AnimationHost.shared.tick()
            tick(at: 0.1)
            interaction.pause()
            #expect(!animator.isRunning && abs(interaction.percentComplete - 0.2) < 1e-9)
            let paused = Double(top.view.shown.opacity)
            #expect(abs(paused - CAMediaTimingFunction(name: .easeIn).evaluate(0.2)) < 1e-3, "ran on its own curve")
            tick(at: 0.3)
            #expect(abs(Double(top.view.shown.opacity) - paused) < 1e-6)
            interaction.timingCurve = timing
            interaction.completionCurve = .easeOut
            interaction.finish()
            tick(at: 0.5)                                   // half of the remaining 0.4 s
            let curve = timing == nil ? CAMediaTimingFunction(name: .easeOut).evaluate(0.5) : 0.5
            let expected = paused + (1 - paused) * curve
            #expect(abs(Double(top.view.shown.opacity) - expected) < 1e-3, "\(top.view.shown.opacity) against \(expected)")
            tick(at: 0.71)
            #expect(fade.ended == [true])
        }
    }

    /// With an animator that has no interruptible animator (the default slide), the
    /// interaction drives the container's clock: started running, paused, moved, finished.
    @Test func theClockPathPausesUpdatesAndFinishes() {
        let (window, navigation, root, top) = makeStackOfTwo(log: log)
        let driver = PanToPop(), interaction = UIPercentDrivenInteractiveTransition()
        defer { withExtendedLifetime((window, driver)) {} }
        interaction.wantsInteractiveStart = false
        driver.interaction = interaction
        navigation.delegate = driver
        navigation.popViewController(animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.1)
        let moving = top.view.shown.position.x
        #expect(moving > 200 && moving < 600, "runs on its own: \(moving)")
        interaction.pause()
        #expect(abs(interaction.percentComplete - 0.1 / 0.35) < 1e-6)
        tick(at: 0.3)
        #expect(abs(top.view.shown.position.x - moving) < 1e-6, "held")
        interaction.update(0.5)
        tick(at: 0.31)
        #expect(abs(top.view.shown.position.x - 400) < 1e-3, "half way on the ease-in-out slide")
        interaction.finish()
        tick(at: 0.31 + 0.174)
        #expect(top.view.superview != nil && top.parent === navigation)
        tick(at: 0.31 + 0.176)
        #expect(navigation.viewControllers == [root] && top.view.superview == nil && top.parent == nil)
        #expect(navigation.view.subviews.first?.layer.speed == 1, "the container's clock is set right")
    }
}
