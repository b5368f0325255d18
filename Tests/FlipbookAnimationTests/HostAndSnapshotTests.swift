import Testing
@testable import FlipbookAnimation

@MainActor
@Suite(.serialized) struct HostAndSnapshotTests {
    @Test func mediaClockModes() {
        let clock = MediaClock()
        let a = clock.now, b = clock.now
        #expect(b >= a && !clock.isManual)
        clock.setManual(5)
        #expect(clock.now == 5 && clock.isManual)
        clock.advance(by: 0.5)
        clock.advance(by: -3)  // time never goes back
        clock.setManual(.nan)
        #expect(clock.now == 5.5)
        clock.useMonotonic()
        #expect(!clock.isManual)
    }

    @Test func displayLinksFireOncePerTick() {
        AnimationHost.shared.reset(time: 10)
        var stamps: [Double] = []
        let link = CADisplayLink { stamps.append($0.timestamp) }
        link.add(to: .main, forMode: .common)
        AnimationHost.shared.framesPerSecond = 60
        AnimationHost.shared.run(for: 0.05)  // three frames; the closing tick is the same time
        #expect(stamps.count == 3 && abs(stamps.last! - 10.05) < 1e-9)
        #expect(abs(link.duration - 1.0 / 60) < 1e-12 && abs(link.targetTimestamp - link.timestamp - 1.0 / 60) < 1e-12)
        link.isPaused = true
        AnimationHost.shared.advance(by: 1)
        #expect(stamps.count == 3)
        link.isPaused = false
        link.preferredFramesPerSecond = 30  // every other host frame
        for _ in 0..<4 { AnimationHost.shared.advance(by: 1.0 / 60) }
        #expect(stamps.count == 5)
        link.invalidate()
        AnimationHost.shared.advance(by: 1)
        #expect(stamps.count == 5)
    }

    @Test func theHostTickLaysOutThenCommits() {
        AnimationHost.shared.reset(time: 0)
        final class Stacker: CALayerDelegate {
            func layoutSublayers(of layer: CALayer) {
                for (i, sub) in (layer.sublayers ?? []).enumerated() {
                    sub.frame = CGRect(x: 0, y: CGFloat(i) * 20, width: layer.bounds.width, height: 20)
                }
            }
        }
        let root = CALayer()
        let stacker = Stacker()
        root.delegate = stacker
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(CALayer())
        root.addSublayer(CALayer())
        AnimationHost.shared.rootLayers = [root]
        #expect(root.needsLayout())
        AnimationHost.shared.tick()
        #expect(!root.needsLayout())
        #expect(root.sublayers?[1].frame == CGRect(x: 0, y: 20, width: 100, height: 20))
        #expect(root.sublayers?[1].presentation()?.frame == CGRect(x: 0, y: 20, width: 100, height: 20))
    }

    @Test func snapshotsEvaluatePurelyAtAnyTime() {
        let root = makeCommittedLayer()
        let child = CALayer()
        child.name = "c"
        root.addSublayer(child)
        tick(at: 0)
        let fade = CABasicAnimation(keyPath: "sublayers.c.opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 4
        root.add(fade, forKey: nil)
        tick(at: 0)
        let snapshot = LayerTreeSnapshot(root: root)
        #expect(snapshot.layerCount == 2)
        // Any order, any time, the same answers; the model never changes.
        var frame = LayerTreeFrame()
        for time in [3.0, 1.0, 2.0, 1.0] {
            snapshot.evaluate(at: time, into: &frame)
            #expect(frame.value(forKeyPath: "opacity", ofLayerAt: 1) as? CGFloat == CGFloat(time / 4))
        }
        #expect(snapshot.evaluate(at: 2).value(forKeyPath: "opacity", ofLayerAt: 0) as? CGFloat == 1)
        #expect(frame.value(forKeyPath: "wobble", ofLayerAt: 0) == nil)
        #expect(child.opacity == 1)
        // Changes after the snapshot do not reach it.
        child.opacity = 0.5
        tick(at: 5)
        #expect(snapshot.evaluate(at: 5).value(forKeyPath: "opacity", ofLayerAt: 1) as? CGFloat == 1)
    }
}
