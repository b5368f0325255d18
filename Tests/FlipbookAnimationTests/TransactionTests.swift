import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

/// A delegate that answers "no action", as UIKit's views do for their layers.
private final class NoActions: CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
}

@MainActor
@Suite(.serialized) struct TransactionTests {
    @Test func standAloneLayersAnimateImplicitly() {
        let layer = makeCommittedLayer()
        layer.opacity = 0.1  // seed 004: animates with no code but the change
        tick(at: 0)
        MediaClock.shared.setManual(0.125)
        let halfway = layer.presentation()!.opacity
        #expect(halfway < 1 && halfway > 0.1)
        tick(at: 0.25)
        #expect(layer.presentation()!.opacity == 0.1)
        // New layers do not animate their first values; a "no action" delegate stops it.
        let quiet = makeCommittedLayer()
        let delegate = NoActions()
        quiet.delegate = delegate
        quiet.opacity = 0.3
        tick(at: 0)
        #expect(quiet.animationKeys() == nil)
        #expect(quiet.presentation()!.opacity == 0.3)
    }

    @Test func actionSearchOrder() {
        let layer = makeCommittedLayer()
        let custom = CABasicAnimation()
        custom.duration = 7
        layer.actions = ["opacity": custom, "position": NSNull()]
        layer.opacity = 0.5
        layer.position = CGPoint(x: 1, y: 1)
        layer.style = ["actions": ["bounds": NSNull()] as [String: any CAAction]]
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        layer.cornerRadius = 3
        tick(at: 0)
        #expect(layer.animationKeys() == ["opacity", "cornerRadius"])
        #expect(layer.animation(forKey: "opacity")?.duration == 7)
        #expect(CALayer.defaultAction(forKey: "name") == nil)
    }

    /// Seed 004: a transaction with duration 4, and a nested one with duration 2 for opacity.
    @Test func seed004NestedTransactionDurations() {
        let layer = makeCommittedLayer()
        var completed: [Double] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed.append(CACurrentMediaTime()) }
        CATransaction.setAnimationDuration(4)
        CATransaction.setDisableActions(false)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.borderWidth = 50
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.opacity = 0.1
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 4)  // the inner value went with its scope
        CATransaction.commit()
        #expect(layer.animation(forKey: "borderWidth")?.duration == 4)
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
        #expect(layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
        tick(at: 2)
        #expect(completed.isEmpty)
        tick(at: 4)
        #expect(completed == [4])
        #expect(CATransaction.animationDuration() == 0.25)
    }

    /// Seed 001: the completion block must be set before the animations are added, or it
    /// runs at once.
    @Test func seed001CompletionBlockOrder() {
        let front = makeCommittedLayer()
        var log: [String] = []
        CATransaction.begin()
        let flip = CABasicAnimation(keyPath: "transform")
        flip.toValue = CATransform3DMakeRotation(.pi, 1, 0, 0)
        flip.duration = 1
        flip.fillMode = .forwards
        flip.isRemovedOnCompletion = false
        front.add(flip, forKey: "toBack")
        CATransaction.setCompletionBlock { log.append("late block at \(CACurrentMediaTime())") }
        CATransaction.commit()
        tick(at: 0)
        #expect(log == ["late block at 0.0"])  // nothing was added after it was set

        CATransaction.begin()
        CATransaction.setCompletionBlock {
            log.append("flip done at \(CACurrentMediaTime())")
            front.transform = CATransform3DMakeRotation(.pi, 1, 0, 0)
        }
        front.add(flip, forKey: "toBack2")
        CATransaction.commit()
        tick(at: 0.5)
        // Halfway through the flip: a quarter turn about x.
        let t = front.presentation()!.transform
        #expect(abs(t.m22) < 1e-9 && abs(abs(t.m23) - 1) < 1e-9)
        tick(at: 1)
        #expect(log.last == "flip done at 1.0")
        #expect(front.transform == CATransform3DMakeRotation(.pi, 1, 0, 0))
    }

    @Test func completionRunsAtOnceWithoutAnimationsAndOnRemoval() {
        _ = makeCommittedLayer()
        var runs = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs += 1 }
        CATransaction.commit()
        #expect(runs == 1)
        let layer = makeCommittedLayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs += 10 }
        let long = CABasicAnimation(keyPath: "opacity")
        long.toValue = 0
        long.duration = 100
        layer.add(long, forKey: "long")
        CATransaction.commit()
        tick(at: 1)
        #expect(runs == 1)  // only the first block has run
        layer.removeAnimation(forKey: "long")
        tick(at: 2)
        #expect(runs == 11)
    }

    @Test func commitWithoutBeginIsReported() {
        _ = makeCommittedLayer()
        let messages = collectingDiagnostics { CATransaction.commit() }
        #expect(messages.count == 1)
    }
}
