import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

@MainActor
@Suite(.serialized) struct TransitionTests {
    /// A container whose one sublayer is swapped inside a transaction with a transition,
    /// as seed 004 swaps a layer's contents.
    private func swapUnderTransition(_ configure: (CATransition) -> Void) -> (CALayer, old: CALayer, new: CALayer) {
        let container = makeCommittedLayer()
        let old = CALayer()
        old.name = "old"
        old.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        container.addSublayer(old)
        tick(at: 1)
        let new = CALayer()
        new.name = "new"
        new.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.begin()
        let transition = CATransition()
        transition.duration = 2
        configure(transition)
        container.add(transition, forKey: kCATransition)
        container.replaceSublayer(old, with: new)
        CATransaction.commit()
        tick(at: 1)  // the end of the run-loop turn commits the implicit transaction around it
        return (container, old, new)
    }

    @Test func capturesTheLayerBeforeTheChange() throws {
        let (container, _, _) = swapUnderTransition { $0.type = .push; $0.subtype = .fromLeft }
        let snapshot = RenderTree(root: container)
        // After: the container and the new sublayer.
        #expect(snapshot.layerCount == 2)
        var frame = PresentationTree()
        snapshot.evaluate(at: 2, into: &frame)
        let running = snapshot.transitions(ofLayerAt: 0, in: frame)
        let transition = try #require(running.first)
        #expect(running.count == 1)
        #expect(transition.type == .push && transition.subtype == .fromLeft)
        #expect(transition.progress == 0.5)
        #expect(transition.beforeTime == 1)
        // Before: the container with the old, red sublayer, as committed at time 1.
        let before = try #require(transition.before)
        let still = before.evaluate(at: transition.beforeTime)
        #expect(still.layerCount == 2)
        let red = try #require(still.value(forKeyPath: "backgroundColor", ofLayerAt: 1) as? CGColor)
        #expect(red.components == [1, 0, 0, 1])
        let blue = try #require(frame.value(forKeyPath: "backgroundColor", ofLayerAt: 1) as? CGColor)
        #expect(blue.components == [0, 0, 1, 1])
        // The sublayer under the transition is no animation target of its own.
        #expect(snapshot.transitions(ofLayerAt: 1, in: frame).isEmpty)
    }

    @Test func progressRunsFromStartToEndProgress() throws {
        let (container, _, _) = swapUnderTransition { $0.startProgress = 0.2; $0.endProgress = 0.6 }
        let snapshot = RenderTree(root: container)
        var frame = PresentationTree()
        // Added at time 1 with a duration of 2: progress 0.2 → 0.6 over 1…3, then gone.
        for (time, progress) in [(1.0, 0.2), (2.0, 0.4), (2.5, 0.5)] {
            snapshot.evaluate(at: time, into: &frame)
            let value = try #require(snapshot.transitions(ofLayerAt: 0, in: frame).first?.progress)
            #expect(abs(value - progress) < 1e-7, "at \(time)")  // the progress range is Float
        }
        snapshot.evaluate(at: 3, into: &frame)
        #expect(snapshot.transitions(ofLayerAt: 0, in: frame).isEmpty)
        // A frame from another snapshot has no transitions here.
        #expect(snapshot.transitions(ofLayerAt: 0, in: PresentationTree()).isEmpty)
    }

    @Test func aLayerNeverCommittedTransitionsFromNothing() throws {
        AnimationHost.shared.reset(time: 0)
        let layer = CALayer()
        layer.add(CATransition(), forKey: nil)
        tick(at: 0)
        let snapshot = RenderTree(root: layer)
        var frame = PresentationTree()
        snapshot.evaluate(at: 0.1, into: &frame)
        let transition = try #require(snapshot.transitions(ofLayerAt: 0, in: frame).first)
        #expect(transition.before == nil)
        #expect(transition.type == .fade)
        #expect(abs(transition.progress - 0.4) < 1e-12)  // 0.1 of the default 0.25 s
    }

    @Test func badProgressIsReported() {
        let messages = collectingDiagnostics {
            _ = swapUnderTransition { $0.startProgress = .nan; $0.endProgress = 2 }
        }
        #expect(messages.contains { $0.contains("startProgress") })
        #expect(messages.contains { $0.contains("endProgress") })
    }
}
