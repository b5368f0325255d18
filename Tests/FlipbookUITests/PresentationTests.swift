@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// An animator that slides the presented view in from the left, and one that forgets to
/// complete, for transitioning delegates.
@MainActor
final class SlideFromLeft: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    var forgetsToComplete = false
    var completesTwice = false
    var ended: [Bool] = []

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let view = transitionContext.view(forKey: .to), let controller = transitionContext.viewController(forKey: .to) else { return }
        let final = transitionContext.finalFrame(for: controller)
        view.frame = final.offsetBy(dx: -final.width, dy: 0)
        transitionContext.containerView.addSubview(view)
        UIView.animate(withDuration: 0.4, animations: { view.frame = final }) { _ in
            guard !self.forgetsToComplete else { return }
            transitionContext.completeTransition(true)
            if self.completesTwice { transitionContext.completeTransition(true) }
        }
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
}

@MainActor @Suite(.serialized)
struct PresentationTests {
    let log = CallbackLog()

    private func frame(_ window: UIWindow, at time: Double) throws -> CGImage {
        try CARenderer(layer: window.layer, bounds: window.bounds, scale: 0.25).render(at: time)
    }

    /// Presents B over A with `style`, checks the middle frame with `middle`, then
    /// dismisses it; returns the callbacks.
    private func presentAndDismiss(_ transition: UIModalTransitionStyle, duration: Double,
                                   middle: (UIWindow, UIViewController) throws -> Void) throws {
        let a = LoggingController("A", log: log, color: .systemRed)
        let window = makeWindow(root: a)
        let b = LoggingController("B", log: log, color: .systemBlue)
        b.modalTransitionStyle = transition
        b.modalPresentationStyle = .fullScreen
        _ = log.take()
        var done = false
        a.present(b, animated: true) { done = true }
        #expect(log.take() == ["B.viewDidLoad", "A.willDisappear", "B.willAppear"])
        #expect(a.presentedViewController === b && b.presentingViewController === a && b.isBeingPresented)
        AnimationHost.shared.tick()
        tick(at: duration / 2)
        try middle(window, b)
        tick(at: duration)
        #expect(done && !b.isBeingPresented)
        #expect(log.take() == ["B.didAppear", "A.didDisappear"], "\(transition)")
        #expect(a.view.superview == nil && b.view.window === window && b.view.frame == window.bounds)
        let end = try frame(window, at: duration).pixel(50, 150)
        #expect(end[2] > 200 && end[0] < 40, "\(transition): \(end)")

        b.dismiss(animated: true)
        #expect(log.take() == ["B.willDisappear", "A.willAppear"])
        AnimationHost.shared.tick()
        tick(at: duration * 2)
        #expect(log.take() == ["A.didAppear", "B.didDisappear"], "\(transition)")
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(a.view.superview === window && a.view.frame == window.bounds && b.view.superview == nil)
        #expect(window.subviews == [a.view])
        let back = try frame(window, at: duration * 2 + 0.01).pixel(50, 150)
        #expect(back[0] > 200 && back[2] < 80, "\(transition): \(back)")
    }

    @Test func coverVerticalSlidesUp() throws {
        try presentAndDismiss(.coverVertical, duration: 0.5) { window, b in
            #expect(abs(b.view.shown.position.y - (400 + 400)) < 1)
            let image = try frame(window, at: 0.25)
            #expect(image.pixel(50, 20)[0] > 200 && image.pixel(50, 180)[2] > 200)
            #expect(Golden.compare(image) == nil)
        }
    }

    @Test func crossDissolveFades() throws {
        try presentAndDismiss(.crossDissolve, duration: 0.35) { window, b in
            #expect(abs(b.view.shown.opacity - 0.5) < 0.01)
            let pixel = try frame(window, at: 0.175).pixel(50, 100)
            #expect(pixel[0] > 90 && pixel[2] > 90, "\(pixel)")
        }
    }

    @Test func flipHorizontalTurnsTheScreenOver() throws {
        try presentAndDismiss(.flipHorizontal, duration: 0.75) { window, _ in
            let image = try frame(window, at: 0.375 * 0.8)
            // Turned most of a quarter: a narrow band of the presenting view in the middle.
            #expect(image.pixel(2, 100)[3] < 40 && image.pixel(50, 100)[0] > 150, "\(image.pixel(2, 100))")
            #expect(Golden.compare(image) == nil)
        }
    }

    @Test func partialCurlCurlsThePageUpPartWay() throws {
        try presentAndDismiss(.partialCurl, duration: 0.75) { window, _ in
            let image = try frame(window, at: 0.375)
            #expect(Golden.compare(image) == nil)
        }
    }

    /// Over full screen, the presenting view stays and hears nothing; a custom animator
    /// from the transitioning delegate runs the presentation.
    @Test func overFullScreenWithACustomAnimator() throws {
        let a = LoggingController("A", log: log, color: .systemRed)
        let window = makeWindow(root: a)
        let b = LoggingController("B", log: log, color: .systemBlue)
        let slide = SlideFromLeft()
        b.modalPresentationStyle = .overFullScreen
        b.transitioningDelegate = slide
        _ = log.take()
        a.present(b, animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.2)
        #expect(abs(b.view.shown.position.x - 0) < 1)   // half way in from the left
        tick(at: 0.4)
        #expect(log.take() == ["B.viewDidLoad", "B.willAppear", "B.didAppear"])
        #expect(a.view.superview === window && slide.ended == [true])
        b.dismiss(animated: false)
        #expect(log.take() == ["B.willDisappear", "B.didDisappear"] && b.view.window == nil)
    }

    @Test func presentingTwiceOrFromOutsideAWindowIsRefused() {
        let a = LoggingController("A", log: log)
        let window = makeWindow(root: a)
        let b = LoggingController("B", log: log), c = LoggingController("C", log: log)
        let messages = collectingUIDiagnostics {
            a.present(b, animated: false)
            a.present(c, animated: false)
            c.present(LoggingController("D", log: log), animated: false)
        }
        #expect(messages.count == 2 && messages[0].contains("already presenting") && messages[1].contains("not in a window"), "\(messages)")
        #expect(a.presentedViewController === b && c.presentingViewController == nil)
        withExtendedLifetime(window) {}
    }

    /// An animator that never completes is reported after a timeout and completed; one
    /// that completes twice is reported once.
    @Test func animatorsThatMisbehaveAreReported() {
        let a = LoggingController("A", log: log)
        let window = makeWindow(root: a)
        let slide = SlideFromLeft()
        slide.forgetsToComplete = true
        let b = LoggingController("B", log: log)
        b.transitioningDelegate = slide
        var done = false
        let messages = collectingUIDiagnostics {
            a.present(b, animated: true) { done = true }
            for step in 1...30 { tick(at: Double(step) * 0.2) }
        }
        #expect(messages.count == 1 && messages[0].contains("never called completeTransition"), "\(messages)")
        #expect(done && slide.ended == [true] && b.view.window === window)

        b.dismiss(animated: false)
        slide.forgetsToComplete = false
        slide.completesTwice = true
        let twice = collectingUIDiagnostics {
            a.present(b, animated: true)
            tick(at: 7)
            tick(at: 7.5)
        }
        #expect(twice.count == 1 && twice[0].contains("called again"), "\(twice)")
        #expect(slide.ended == [true, true] && a.presentedViewController === b)
    }
}
