@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// A view whose layout places its one subview at the right edge.
@MainActor
private final class EdgeLayoutView: UIView {
    let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(child)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func layoutSubviews() {
        child.frame.origin.x = bounds.width - 10
    }
}

@MainActor
@Suite(.serialized) struct UIViewAnimationTests {
    /// A committed 100-point square at (50, 50) in a fresh window.
    private func makeSquare() -> (UIWindow, UIView) {
        let window = makeWindow()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        commit(view, in: window)
        return (window, view)
    }

    private func x(_ view: UIView) -> CGFloat { view.shown.position.x }

    @Test func changesOutsideBlocksDoNotAnimate() {
        let (_, view) = makeSquare()
        view.alpha = 0.5
        view.center.x = 300
        #expect(view.layer.animationKeys() == nil)
        tick(at: 0.1)
        #expect(view.shown.opacity == 0.5 && x(view) == 300)
    }

    @Test func curvesShapeTheProgress() {
        var quarter: [CGFloat] = []
        for options: UIView.AnimationOptions in [.curveLinear, .curveEaseIn, .curveEaseOut, .curveEaseInOut] {
            let (_, view) = makeSquare()
            UIView.animate(withDuration: 1, delay: 0, options: options, animations: { view.center.x = 150 })
            #expect(view.center.x == 150)  // the model changes at once
            tick(at: 0)
            tick(at: 0.25)
            quarter.append(x(view))
            tick(at: 1)
            #expect(x(view) == 150 && view.layer.animationKeys() == nil)
        }
        // Progress at a quarter of the time on Core Animation's curves, solved from their
        // control points (0.42, 0, 0.58, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1).
        let progress: [CGFloat] = [0.25, 0.0934647, 0.3781381, 0.1291619]
        for (value, p) in zip(quarter, progress) { #expect(abs(value - (50 + 100 * p)) < 1e-4) }
    }

    @Test func delayHoldsTheOldValueThenRuns() {
        let (_, view) = makeSquare()
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.center.x = 250 },
                       completion: { finished.append($0) })
        tick(at: 0)
        tick(at: 0.25)
        #expect(x(view) == 50)
        tick(at: 1)
        #expect(abs(x(view) - 150) < 1e-9)
        #expect(finished.isEmpty)
        tick(at: 1.5)
        #expect(x(view) == 250 && finished == [true])
    }

    @Test func completionSaysFalseWhenReplaced() {
        let (_, view) = makeSquare()
        var log: [String] = []
        UIView.animate(withDuration: 1, animations: { view.center.x = 300 }, completion: { log.append("first \($0)") })
        tick(at: 0.5)
        UIView.animate(withDuration: 1, animations: { view.center.x = 0 }, completion: { log.append("second \($0)") })
        tick(at: 0.5)
        #expect(log == ["first false"])
        tick(at: 1.5)
        #expect(log == ["first false", "second true"])
    }

    @Test func zeroAndNegativeDurationsApplyAtOnceAndCompleteNextTick() {
        let (_, view) = makeSquare()
        var log: [Bool] = []
        let messages = collectingUIDiagnostics {
            UIView.animate(withDuration: 0, animations: { view.alpha = 0.3 }, completion: { log.append($0) })
            UIView.animate(withDuration: -1, animations: { view.center.x = 10 }, completion: { log.append($0) })
        }
        #expect(messages.count == 1 && messages[0].contains("negative"))
        #expect(view.layer.animationKeys() == nil && log.isEmpty)
        tick(at: 0)
        #expect(log == [true, true] && view.shown.opacity == Float(0.3))
    }

    @Test func repeatAndAutoreverse() {
        let (_, view) = makeSquare()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .repeat, .autoreverse],
                       animations: { view.center.x = 150 })
        tick(at: 0)
        tick(at: 0.5)
        #expect(abs(x(view) - 100) < 1e-9)
        tick(at: 1.25)
        #expect(abs(x(view) - 125) < 1e-9)
        tick(at: 2.25)
        #expect(abs(x(view) - 75) < 1e-9)
        tick(at: 100.5)
        #expect(abs(x(view) - 100) < 1e-9)
    }

    @Test func beginFromCurrentStateStartsFromTheScreen() {
        for current in [false, true] {
            let (_, view) = makeSquare()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 })
            tick(at: 0)
            tick(at: 0.5)  // on screen: 100
            UIView.animate(withDuration: 1, delay: 0, options: current ? [.curveLinear, .beginFromCurrentState] : .curveLinear,
                           animations: { view.center.x = 300 })
            tick(at: 0.5)
            #expect(abs(x(view) - (current ? 100 : 150)) < 1e-9)
            tick(at: 1)
            #expect(abs(x(view) - (current ? 200 : 225)) < 1e-9)
        }
    }

    @Test func nestedBlocksInheritUnlessTheyOverride() throws {
        let (_, view) = makeSquare()
        UIView.animate(withDuration: 2, animations: {
            UIView.animate(withDuration: 0.5, animations: { view.alpha = 0 })
            UIView.animate(withDuration: 0.5, delay: 0, options: [.overrideInheritedDuration, .curveLinear],
                           animations: { view.center.x = 0 })
            #expect(UIView.inheritedAnimationDuration == 2)
        })
        let opacity = try #require(view.layer.animation(forKey: "opacity"))
        let position = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(opacity.duration == 2 && position.duration == 0.5)
        #expect(position.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(UIView.inheritedAnimationDuration == 0)
    }

    @Test func withoutAnimationAndDisabledAnimations() {
        let (_, view) = makeSquare()
        UIView.animate(withDuration: 1, animations: {
            UIView.performWithoutAnimation { view.alpha = 0.2 }
            view.center.x = 10
        })
        #expect(view.layer.animationKeys() == ["position"])
        UIView.setAnimationsEnabled(false)
        var done = false
        UIView.animate(withDuration: 1, animations: { view.backgroundColor = .red }, completion: { done = $0 })
        UIView.setAnimationsEnabled(true)
        #expect(view.layer.animation(forKey: "backgroundColor") == nil)
        tick(at: 0)
        #expect(done)
    }

    @Test func frameChangesAnimatePositionAndBounds() {
        let (_, view) = makeSquare()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.frame = CGRect(x: 100, y: 100, width: 200, height: 50)
        })
        #expect(Set(view.layer.animationKeys() ?? []) == ["position", "bounds"])
        tick(at: 0)
        tick(at: 0.5)
        #expect(view.shown.bounds.size == CGSize(width: 150, height: 75))
        #expect(view.shown.position == CGPoint(x: 125, y: 87.5))
    }

    @Test func layoutInsideABlockAnimates() {
        let window = makeWindow()
        let view = EdgeLayoutView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        commit(view, in: window)
        #expect(view.child.frame.minX == 90)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.bounds.size.width = 200
            view.layoutIfNeeded()
        })
        tick(at: 0)
        tick(at: 0.5)
        #expect(abs(view.child.shown.position.x - 145) < 1e-9)
    }

    @Test func springsSettleExactlyWhenTheDurationEnds() {
        let (_, view) = makeSquare()
        var finishedAt: Double?
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0,
                       animations: { view.center.x = 250 }, completion: { _ in finishedAt = CACurrentMediaTime() })
        tick(at: 0)
        var peak: CGFloat = 0
        for i in 1...79 {
            tick(at: Double(i) / 100)
            peak = max(peak, x(view))
        }
        #expect(peak > 300)  // a bouncy spring overshoots
        #expect(abs(x(view) - 250) < 0.2)
        tick(at: 0.8)
        #expect(x(view) == 250 && finishedAt == 0.8)
        // Critically damped: never past the end.
        let (_, calm) = makeSquare()
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       animations: { calm.center.x = 250 })
        tick(at: 0)
        var most: CGFloat = 0
        for i in 1...50 {
            tick(at: Double(i) / 100)
            most = max(most, x(calm))
        }
        #expect(most <= 250 + 1e-9 && abs(most - 250) < 0.2)
    }

    @Test func keyframesHoldBetweenTheirTimes() {
        let (_, view) = makeSquare()
        var done: Bool?
        let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 250 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.center.y = 250 }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.center.x = 50 }
        }, completion: { done = $0 })
        let expected: [(Double, CGFloat, CGFloat)] = [(0.5, 150, 50), (1.0, 250, 50), (1.25, 250, 150), (1.5, 250, 250), (1.75, 150, 250)]
        tick(at: 0)
        for (time, ex, ey) in expected {
            tick(at: time)
            #expect(abs(view.shown.position.x - ex) < 1e-6 && abs(view.shown.position.y - ey) < 1e-6, "at \(time): \(view.shown.position)")
        }
        tick(at: 2)
        #expect(done == true && view.center == CGPoint(x: 50, y: 250))
        let messages = collectingUIDiagnostics { UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.5 } }
        #expect(messages.count == 1 && view.alpha == 0.5)
    }

    @Test func viewsAnimateBackgroundColourAndTransform() {
        let (_, view) = makeSquare()
        view.backgroundColor = .black
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.backgroundColor = .white
            view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        })
        tick(at: 0)
        tick(at: 0.5)
        let gray = view.shown.backgroundColor?.components ?? []
        #expect(gray.count >= 3 && abs(gray[0] - 0.5) < 0.01)
        let angle = atan2(view.shown.transform.m12, view.shown.transform.m11)
        #expect(abs(angle - .pi / 4) < 1e-9)
    }
}
