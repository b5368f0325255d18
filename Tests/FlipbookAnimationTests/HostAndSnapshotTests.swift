import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

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
        let snapshot = RenderTree(root: root)
        #expect(snapshot.layerCount == 2)
        // Any order, any time, the same answers; the model never changes.
        var frame = PresentationTree()
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

    @Test func reusedFramesPutBackWhatAnimationsWrote() throws {
        let root = makeCommittedLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 200
        move.duration = 1
        move.isRemovedOnCompletion = false
        let grow = CABasicAnimation(keyPath: "bounds.size")
        grow.byValue = CGSize(width: 100, height: 50)
        grow.duration = 2
        grow.isAdditive = true
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.toValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        tint.duration = 1
        root.add(move, forKey: "move")
        root.add(grow, forKey: "grow")
        root.add(tint, forKey: "tint")
        tick(at: 0)
        let snapshot = RenderTree(root: root)
        var frame = PresentationTree()
        snapshot.evaluate(at: 0.5, into: &frame)
        #expect(frame.value(forKeyPath: "position", ofLayerAt: 0) as? CGPoint == CGPoint(x: 100, y: 50))
        // Additive by-animation a quarter through: from the model (100 × 100) toward model
        // + by, a quarter of the way, (125, 112.5), added on top of the model.
        #expect(frame.value(forKeyPath: "bounds.size", ofLayerAt: 0) as? CGSize == CGSize(width: 225, height: 212.5))
        // "No colour" animates as transparent black.
        let half = try #require(frame.value(forKeyPath: "backgroundColor", ofLayerAt: 0) as? CGColor)
        #expect(zip(half.components ?? [], [0.5, 0, 0, 0.5]).allSatisfy { abs($0 - $1) < 1e-12 })
        // Later, in the same frame: every animation has ended, and what they wrote is back
        // to the model, even though nothing writes it any more.
        snapshot.evaluate(at: 5, into: &frame)
        #expect(frame.value(forKeyPath: "position", ofLayerAt: 0) as? CGPoint == CGPoint(x: 50, y: 50))
        #expect(frame.value(forKeyPath: "bounds.size", ofLayerAt: 0) as? CGSize == CGSize(width: 100, height: 100))
        #expect(frame.value(forKeyPath: "backgroundColor", ofLayerAt: 0) as? CGColor == nil)
        // A frame filled from another snapshot starts over from that snapshot's values.
        let other = CALayer()
        other.opacity = 0.25
        tick(at: 5)
        RenderTree(root: other).evaluate(at: 5, into: &frame)
        #expect(frame.layerCount == 1)
        #expect(frame.value(forKeyPath: "opacity", ofLayerAt: 0) as? CGFloat == 0.25)
        #expect(frame.value(forKeyPath: "position", ofLayerAt: 0) as? CGPoint == .zero)
    }

    /// Before an animation starts (no fill), a frame shows the committed values, however
    /// the frame it reuses was animated: no colour stays none, a flag its own.
    @Test func aFrameReusedBeforeAnAnimationStartsShowsTheCommittedValues() {
        let layer = makeCommittedLayer()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = nil
        layer.isHidden = false
        for (keyPath, value) in [("backgroundColor", CGColor(red: 0, green: 0, blue: 1, alpha: 1) as Any), ("hidden", true)] {
            let later = CABasicAnimation(keyPath: keyPath)
            later.fromValue = value
            later.toValue = value
            later.beginTime = 1
            later.duration = 1
            layer.add(later, forKey: keyPath)
        }
        tick(at: 0)
        let tree = AnimationHost.shared.renderTree(of: layer)
        var frame = PresentationTree()
        tree.evaluate(at: 1.5, into: &frame)
        #expect((frame.value(forKeyPath: "backgroundColor", ofLayerAt: 0) as? CGColor)?.components == [0, 0, 1, 1])
        #expect(frame.value(forKeyPath: "hidden", ofLayerAt: 0) as? CGFloat == 1)  // a flag reads as a number
        tree.evaluate(at: 0.5, into: &frame)
        #expect(frame.value(forKeyPath: "backgroundColor", ofLayerAt: 0) == nil)
        #expect(frame.value(forKeyPath: "hidden", ofLayerAt: 0) as? CGFloat == 0)
    }

    /// A commit that changes only values and timing patches the host's render tree; one that
    /// renames, adds or animates a layer makes it again. Either way it evaluates as a fresh
    /// snapshot does, into a frame reused from the tree before.
    @Test func patchedRenderTreesEvaluateAsFreshOnes() throws {
        let root = makeCommittedLayer()
        let child = CALayer()
        child.name = "c"
        child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(child)
        let fade = CABasicAnimation(keyPath: "sublayers.c.opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 4
        fade.isRemovedOnCompletion = false
        root.add(fade, forKey: "fade")
        tick(at: 0)
        let host = AnimationHost.shared
        var frame = PresentationTree()
        host.renderTree(of: root).evaluate(at: 1, into: &frame)
        #expect(frame.value(forKeyPath: "opacity", ofLayerAt: 1) as? CGFloat == 0.25)
        var fromFirst = frame

        func expectFresh(at time: Double, _ comment: Comment) {
            let tree = host.renderTree(of: root)
            tree.evaluate(at: time, into: &frame)
            let fresh = RenderTree(root: root).evaluate(at: time)
            #expect(frame.layerCount == fresh.layerCount, comment)
            for index in 0..<fresh.layerCount {
                for keyPath in ["opacity", "position", "bounds", "backgroundColor", "cornerRadius"] {
                    #expect("\(frame.value(forKeyPath: keyPath, ofLayerAt: index) ?? "nil")"
                            == "\(fresh.value(forKeyPath: keyPath, ofLayerAt: index) ?? "nil")", "\(comment): \(keyPath) of \(index)")
                }
            }
        }
        // Values and timing (without implicit animations): patched, the changed layers
        // copied into the reused frame.
        CATransaction.setDisableActions(true)
        root.timeOffset = 2
        child.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        child.position = CGPoint(x: 30, y: 40)
        tick(at: 0)
        #expect(host.renderTree(of: root).ancestors.map(\.changed) == [[0, 1]])
        expectFresh(at: 1, "patched")
        #expect(frame.value(forKeyPath: "opacity", ofLayerAt: 1) as? CGFloat == 0.75)
        #expect(frame.value(forKeyPath: "position", ofLayerAt: 1) as? CGPoint == CGPoint(x: 30, y: 40))
        // Held by nothing else, the tree is patched in place: its nodes stay where they are.
        func nodesAddress() -> UInt { host.renderTree(of: root).nodes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        let before = nodesAddress()
        CATransaction.setDisableActions(true)
        child.cornerRadius = 3
        tick(at: 0)
        #expect(nodesAddress() == before)
        #expect(host.renderTree(of: root).ancestors.map(\.changed) == [[1], [0, 1]])
        expectFresh(at: 1, "patched again")
        // A frame from two patches back (a renderer evaluates into the frame before last)
        // is patched as well, in place.
        func valuesAddress() -> UInt { frame.values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        swap(&frame, &fromFirst)
        let reused = valuesAddress()
        expectFresh(at: 1, "patched twice since")
        #expect(valuesAddress() == reused)
        swap(&frame, &fromFirst)
        // A new name: the fade no longer reaches the child.
        child.name = "d"
        tick(at: 0)
        #expect(host.renderTree(of: root).ancestors.isEmpty)
        expectFresh(at: 1, "renamed")
        #expect(frame.value(forKeyPath: "opacity", ofLayerAt: 1) as? CGFloat == 1)
        // A new animation, then a new layer.
        let turn = CABasicAnimation(keyPath: "cornerRadius")
        turn.toValue = 7
        turn.duration = 10
        child.add(turn, forKey: "turn")
        tick(at: 0)
        #expect(host.renderTree(of: root).ancestors.isEmpty)
        expectFresh(at: 1, "animated")
        root.addSublayer(CALayer())
        tick(at: 0)
        #expect(host.renderTree(of: root).layerCount == 3)
        expectFresh(at: 1, "grown")
    }

    @Test func slotsAreWhereTheirPropertiesAreStored() throws {
        // Every property stored as Doubles: a vector written through its slot reads back
        // through the property, and every field of it through the key path.
        for property in LayerProperty.allCases {
            guard let slot = property.slot else {
                #expect([.color, .transform, .path, .array, .object].contains(property.kind)
                        || [.hidden, .doubleSided, .masksToBounds].contains(property), "\(property) has no slot")
                continue
            }
            var state = LayerState()
            let vector = SIMD4<Double>(1.5, -2.5, 3.25, 4.125)
            slot.store(vector, adding: false, into: &state)
            let expected = state[property].withVector(vector)
            #expect(state[property] == expected, "\(property)")
            let read = withUnsafePointer(to: &state) { slot.load(from: $0) }
            #expect(read == state[property].vector, "\(property)")
        }
        for path in ["position.x", "position.y", "bounds.origin", "bounds.size", "bounds.origin.y", "bounds.size.width",
                     "bounds.size.height", "shadowOffset.height", "instanceGreenOffset"] {
            let keyPath = LayerKeyPath(path)!
            var state = LayerState()
            state.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
            state.position = CGPoint(x: 5, y: 6)
            state.shadowOffset = CGSize(width: 7, height: 8)
            state.instanceOffsets = SIMD4(9, 10, 11, 12)
            let slot = try #require(keyPath.slot, "\(path)")
            let read = withUnsafePointer(to: &state) { slot.load(from: $0) }
            #expect(read == keyPath.read(from: state[keyPath.property])?.vector, "\(path)")
        }
        #expect(LayerKeyPath("transform.rotation.z")?.slot == nil)
        #expect(LayerKeyPath("hidden")?.slot == nil)
    }
}
