@testable import FlipbookComponents
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

@MainActor @Suite(.serialized)
struct GradientAnimationViewTests {
    /// The seed's usage: added with no frame, it fills its superview; its options set.
    private func seedView(in window: UIWindow) -> (UIView, GradientAnimationView) {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        window.addSubview(host)
        let gradientAnimationView = GradientAnimationView()
        gradientAnimationView.cornerRadius = 5.0
        gradientAnimationView.sideColor = .gray
        gradientAnimationView.centerColor = .lightGray
        gradientAnimationView.animationDuration = 1.2
        gradientAnimationView.waitingDuration = 0.6
        host.addSubview(gradientAnimationView)
        AnimationHost.shared.tick()
        return (host, gradientAnimationView)
    }

    private func locations(_ view: GradientAnimationView) -> [Double] {
        ((view.shown as? CAGradientLayer)?.locations ?? []).map(\.doubleValue)
    }

    @Test func addedAloneItFillsItsSuperviewAndSlidesThenWaits() throws {
        let window = makeWindow()
        defer { withExtendedLifetime(window) {} }
        let (host, view) = seedView(in: window)
        #expect(view.frame == host.bounds && view.layer.cornerRadius == 5 && view.layer.masksToBounds)
        host.frame.size.width = 300
        #expect(view.frame.width == 300, "follows its superview's size")

        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        for t in [0.3, 0.6, 0.9] {
            tick(at: t)
            let p = ease.evaluate(t / 1.2)
            let expected = [-1 + 2 * p, -0.5 + 2 * p, 2 * p]
            #expect(zip(locations(view), expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(locations(view)) at \(t)")
        }
        // Waiting between crossings: the highlight is off the view.
        tick(at: 1.5)
        #expect(locations(view) == [-1, -0.5, 0])
        // The cycle is 1.8 s and repeats.
        tick(at: 1.8 + 0.6)
        #expect(abs(locations(view)[1] - (-0.5 + 2 * ease.evaluate(0.5))) < 1e-6)

        // Half way through a crossing, the highlight is in the middle, grey at the sides.
        let image = try frame(window, at: 0.6)
        let middle = image.pixel(150, 20), side = image.pixel(5, 20)
        let light = UInt8((UIColor.lightGray.cgColor.components?[0] ?? 0) * 255)
        #expect(abs(Int(middle[0]) - Int(light)) <= 3 && abs(Int(side[0]) - 128) <= 3, "\(middle) \(side)")
    }

    @Test func itAnimatesOnlyInAWindow() {
        let window = makeWindow()
        defer { withExtendedLifetime(window) {} }
        let view = GradientAnimationView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(view.layer.animationKeys() ?? [] == [])
        window.addSubview(view)
        #expect(view.layer.animationKeys() ?? [] != [])
        view.removeFromSuperview()
        #expect(view.layer.animationKeys() ?? [] == [])
    }

    @Test func theSkeletonScreenShimmersInPlaceOfAFeed() throws {
        let window = makeWindow(size: CGSize(width: 393, height: 560))
        defer { withExtendedLifetime(window) {} }
        let skeleton = SkeletonPlaceholderView(frame: window.bounds, postCount: 2)
        window.addSubview(skeleton)
        AnimationHost.shared.tick()
        #expect(skeleton.placeholders.count == 14)
        #expect(skeleton.placeholders.allSatisfy { $0.layer.animationKeys() != nil && $0.frame.width > 0 })
        #expect(Golden.compare(try frame(window, at: 0.5)) == nil)
    }
}
