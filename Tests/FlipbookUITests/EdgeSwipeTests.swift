@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// The navigation controller's own edge swipe (`interactivePopGestureRecognizer`): a drag
/// from the left edge pops with the default slide following the finger; let go, the pop
/// finishes past half way or on a flick to the right, and runs back otherwise.
@MainActor @Suite(.serialized)
struct EdgeSwipeTests {
    let log = CallbackLog()

    /// A navigation controller on screen with B pushed over A.
    private func setUp() -> (UIWindow, UINavigationController, LoggingController, LoggingController) {
        makeStackOfTwo(log: log)
    }

    /// Drags from (x0, 400) through `xs`, one move every 0.1 s of media time.
    @discardableResult
    private func drag(in window: UIWindow, from x0: CGFloat, through xs: [CGFloat], dy: CGFloat = 0) -> UITouch {
        let touch = window.beginTouch(at: CGPoint(x: x0, y: 400))
        let start = CACurrentMediaTime()
        for (i, x) in xs.enumerated() {
            tick(at: start + 0.1 * Double(i + 1))
            window.moveTouch(touch, to: CGPoint(x: x, y: 400 + dy * CGFloat(i + 1)))
        }
        return touch
    }

    /// Ticks at 60 frames a second for `seconds`.
    private func settle(for seconds: Double = 0.5) {
        let start = CACurrentMediaTime()
        for step in 1...Int(seconds * 60) { tick(at: start + Double(step) / 60) }
    }

    @Test func aSwipePastHalfWayPops() throws {
        let (window, navigation, root, top) = setUp()
        let recognizer = try #require(navigation.interactivePopGestureRecognizer as? UIScreenEdgePanGestureRecognizer)
        #expect(recognizer.edges == .left && recognizer.view === navigation.view)
        let touch = drag(in: window, from: 5, through: [65, 165, 245, 305, 306])
        #expect(recognizer.state == .changed)
        #expect(log.take() == ["B.willMove(nil)", "B.willDisappear", "A.willAppear"])
        // The top view follows the finger along the slide's ease-in-out curve: 301 of 400
        // points is past half way, so it is ahead of the finger.
        tick(at: 0.55)
        let shown = (top.view.shown.position.x - 200) / 400
        #expect(shown > 301 / 400 && shown < 1, "\(shown)")
        window.endTouch(touch)
        settle()
        #expect(log.take() == ["B.didDisappear", "A.didAppear", "B.didMove(nil)"])
        #expect(navigation.viewControllers == [root] && top.view.superview == nil && root.view.shown.position.x == 200)
        #expect(recognizer.state == .possible)
    }

    @Test func aSwipeLetGoBeforeHalfWayRunsBack() {
        let (window, navigation, root, top) = setUp()
        let touch = drag(in: window, from: 5, through: [65, 125, 126])  // the finger rests at the end
        window.endTouch(touch)
        settle()
        #expect(log.take() == ["B.willMove(nil)", "B.willDisappear", "A.willAppear",
                               "A.willDisappear", "A.didDisappear", "B.willAppear", "B.didAppear", "B.didMove(parent)"])
        #expect(navigation.viewControllers == [root, top] && root.view.superview == nil && top.view.shown.position.x == 200)
    }

    @Test func aFlickDecidesByItsDirection() {
        let (window, navigation, root, top) = setUp()
        // A fast flick to the right pops though the finger went only a quarter of the way.
        let right = drag(in: window, from: 5, through: [35, 105])   // 700 points a second
        window.endTouch(right)
        settle()
        #expect(navigation.viewControllers == [root])
        // Past half way, a fast move back to the left cancels.
        navigation.pushViewController(top, animated: false)
        let left = window.beginTouch(at: CGPoint(x: 5, y: 400))
        tick(at: CACurrentMediaTime() + 0.1)
        window.moveTouch(left, to: CGPoint(x: 305, y: 400))
        tick(at: CACurrentMediaTime() + 0.1)
        window.moveTouch(left, to: CGPoint(x: 255, y: 400))          // 500 points a second leftwards
        window.endTouch(left)
        settle()
        #expect(navigation.viewControllers == [root, top] && top.view.superview != nil)
    }

    @Test func onlyAnEdgeSwipeAwayFromTheEdgeAtADepthPops() throws {
        let (window, navigation, root, top) = setUp()
        // Starting away from the edge, or moving along it, is no edge swipe.
        window.endTouch(drag(in: window, from: 100, through: [200, 300]))
        window.endTouch(drag(in: window, from: 5, through: [8, 11], dy: 30))
        settle()
        #expect(navigation.viewControllers == [root, top] && log.take().isEmpty)
        // Disabled, it does nothing.
        let recognizer = try #require(navigation.interactivePopGestureRecognizer)
        recognizer.isEnabled = false
        window.endTouch(drag(in: window, from: 5, through: [205, 305]))
        settle()
        #expect(navigation.viewControllers == [root, top])
        // At the root there is nothing to go back to.
        recognizer.isEnabled = true
        navigation.popViewController(animated: false)
        _ = log.take()
        let messages = collectingUIDiagnostics {
            window.endTouch(drag(in: window, from: 5, through: [205, 305]))
            settle()
        }
        #expect(messages.isEmpty && navigation.viewControllers == [root] && log.take().isEmpty)
    }

    /// A pan of the top view's own sees the touch first and wins, as in UIKit, unless its
    /// delegate lets both run.
    @Test func aPanInTheContentWinsUnlessItAllowsBoth() {
        final class Both: UIGestureRecognizerDelegate {
            var allows = false
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                   shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { allows }
        }
        let (window, navigation, root, top) = setUp()
        var pans = 0
        let content = UIPanGestureRecognizer { if $0.state == .began { pans += 1 } }
        let both = Both()
        content.delegate = both
        top.view.addGestureRecognizer(content)
        window.endTouch(drag(in: window, from: 5, through: [205, 305]))
        settle()
        #expect(pans == 1 && navigation.viewControllers == [root, top])
        both.allows = true
        window.endTouch(drag(in: window, from: 5, through: [205, 305]))
        settle()
        #expect(pans == 2 && navigation.viewControllers == [root])
    }
}
