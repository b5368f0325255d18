@testable import FlipbookComponents
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
@testable import FlipbookUI
import Foundation
import Testing

@MainActor @Suite(.serialized)
struct TransitionViewTests {
    final class Listener: TransitionView.AnimationFinishedDelegate {
        var heard: [TransitionView.AnimationType] = []
        func animationFinished(animationType: TransitionView.AnimationType) { heard.append(animationType) }
    }

    private let base = UIColor(white: 0.2, alpha: 1)

    private func overlay(_ view: TransitionView) -> CGImage? { (view.subviews.first as? UIImageView)?.image?.cgImage }

    private func makeView(in window: UIWindow, filter: String = "CIModTransition", listener: Listener? = nil) -> TransitionView {
        let view = TransitionView(frame: CGRect(x: 0, y: 0, width: 200, height: 120), baseColor: base,
                                  filterName: filter, delegate: listener)
        view.renderScale = 1
        window.addSubview(view)
        AnimationHost.shared.tick()
        return view
    }

    /// The share of the overlay's pixels more than half opaque.
    private func coverage(_ image: CGImage?) -> Double {
        guard let image else { return -1 }
        let bytes = image.premultipliedBytes
        var covered = 0
        for i in stride(from: 3, to: bytes.count, by: 4) where bytes[i] > 127 { covered += 1 }
        return Double(covered) / Double(image.width * image.height)
    }

    @Test func inAndOutMirrorEachOtherAndEndOnce() throws {
        let window = makeWindow()
        defer { withExtendedLifetime(window) {} }
        let listener = Listener()
        let view = makeView(in: window, listener: listener)
        var closures: [TransitionView.AnimationType] = []
        view.onFinish = { closures.append($0) }
        // Before it plays, the overlay is the base colour.
        #expect(try frame(window, at: 0).pixel(100, 60) == [51, 51, 51, 255])

        view.startAnimation(duration: 1, animationType: .in)
        #expect(view.isAnimating)
        tick(at: 0.3)
        let in03 = try #require(overlay(view))
        view.startAnimation(duration: 5, animationType: .out)          // ignored while playing
        tick(at: 0.6)
        let covered = coverage(overlay(view))
        #expect(covered > coverage(in03), "In covers more as it goes")
        tick(at: 1.05)
        #expect(!view.isAnimating && listener.heard == [.in] && closures == [.in])
        #expect(coverage(overlay(view)) == 1, "In ends covered")
        tick(at: 2)
        #expect(listener.heard == [.in], "heard once")

        view.startAnimation(duration: 1, animationType: .out)
        tick(at: 2.7)                                                 // Out at 0.7 shows time 0.3
        let out07 = try #require(overlay(view))
        let mirrored = out07.premultipliedBytes == in03.premultipliedBytes
        #expect(mirrored, "Out plays In backwards")
        tick(at: 3.05)
        #expect(coverage(overlay(view)) == 0 && listener.heard == [.in, .out] && closures == [.in, .out])
    }

    @Test func anyTransitionFilterWorksAndOthersAreReported() throws {
        let window = makeWindow()
        defer { withExtendedLifetime(window) {} }
        for name in ["CIFlashTransition", "CISwipeTransition", "CIBarsSwipeTransition"] {
            let view = makeView(in: window, filter: name)
            #expect(view.filterName == name)
            view.startAnimation(duration: 1, animationType: .in)
            tick(at: CACurrentMediaTime() + 1.01)
            #expect(!view.isAnimating && coverage(overlay(view)) > 0.99, "\(name)")
        }
        var view: TransitionView?
        let messages = collectingDiagnostics(from: UIDiagnostics.channel) {
            view = makeView(in: window, filter: "CIGaussianBlur")
        }
        #expect(messages.count == 1 && messages[0].contains("CIGaussianBlur") && view?.filterName == "CIDissolveTransition")
        view?.startAnimation(duration: 1, animationType: .in)
        tick(at: CACurrentMediaTime() + 0.5)
        let half = try #require(view.flatMap(overlay)).pixel(100, 60)
        #expect(abs(Int(half[3]) - 128) <= 2, "a dissolve half way: \(half)")
    }
}
