import FlipbookTestSupport
import Testing
import UIKit

/// Records a scroll view delegate's calls, as iOS code observing scrolling does.
final class ScrollLog: UIScrollViewDelegate {
    var calls: [String] = []
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
}

@MainActor
@Suite(.serialized) struct ScrollViewTests {
    private func showScrollView(content: CGSize) -> (UIWindow, UIScrollView) {
        AnimationHost.shared.reset(time: 0)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let scrollView = UIScrollView(frame: window.bounds)
        scrollView.contentSize = content
        window.addSubview(scrollView)
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        return (window, scrollView)
    }

    /// Pulled past the top, the content follows the finger less and less (UIKit's rubber
    /// band), then springs back when let go, with the delegate told each step.
    @Test func pullingPastAnEdgeRubberBandsAndSpringsBack() {
        let (window, scrollView) = showScrollView(content: CGSize(width: 300, height: 1000))
        let log = ScrollLog()
        scrollView.delegate = log
        // The finger moves 200 points; the pan begins after the first 20 and follows 180.
        window.sendDrag(from: CGPoint(x: 150, y: 100), to: CGPoint(x: 150, y: 300), duration: 1, steps: 10)
        // The last move's speed is small; the offset pulled 180 points shows as
        // 400 × (1 − 1 / (0.55 × 180 / 400 + 1)).
        let pulled: CGFloat = 180
        let banded: CGFloat = -400 * (1 - 1 / (0.55 * pulled / 400 + 1))
        #expect(abs(scrollView.contentOffset.y - banded) < 1.5)
        #expect(scrollView.isDecelerating)
        AnimationHost.shared.run(for: 2)
        #expect(scrollView.contentOffset.y == 0)
        #expect(log.calls == ["willBeginDragging", "willEndDragging", "didEndDragging(true)",
                              "willBeginDecelerating", "didEndDecelerating"])
    }

    /// With paging, a fling comes to rest on the next page.
    @Test func pagingRestsOnPages() {
        let (window, scrollView) = showScrollView(content: CGSize(width: 1200, height: 400))
        scrollView.isPagingEnabled = true
        window.sendDrag(from: CGPoint(x: 250, y: 200), to: CGPoint(x: 150, y: 200), duration: 0.1)
        AnimationHost.shared.run(for: 3)
        #expect(scrollView.contentOffset == CGPoint(x: 300, y: 0))
        window.sendDrag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 160, y: 200), duration: 0.1)
        AnimationHost.shared.run(for: 3)
        #expect(scrollView.contentOffset == .zero)
    }

    /// An animated offset change moves a frame at a time over 0.3 s, eased in and out.
    @Test func animatedOffsetsMoveOverAFewFrames() {
        let (_, scrollView) = showScrollView(content: CGSize(width: 300, height: 1000))
        let log = ScrollLog()
        scrollView.delegate = log
        scrollView.setContentOffset(CGPoint(x: 0, y: 200), animated: true)
        #expect(scrollView.contentOffset.y == 0)
        tick(at: 0.15)
        #expect(abs(scrollView.contentOffset.y - 100) < 1e-6)
        tick(at: 0.3)
        #expect(scrollView.contentOffset.y == 200)
        #expect(log.calls == ["didEndScrollingAnimation"])
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 100), animated: false)
        #expect(scrollView.contentOffset.y == 600)
    }
}
