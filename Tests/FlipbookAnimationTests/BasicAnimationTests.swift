import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

@MainActor
@Suite(.serialized) struct BasicAnimationTests {
    /// Opacity through a 1 s linear animation added at t = 0, read at t = 0.25.
    func opacity(from: Any?, to: Any?, by: Any?, model: Float = 0.5, additive: Bool = false) -> Float? {
        let layer = makeCommittedLayer()
        CATransaction.setDisableActions(true)
        layer.opacity = model
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 1
        animation.isAdditive = additive
        layer.add(animation, forKey: "fade")
        AnimationHost.shared.tick()
        MediaClock.shared.setManual(0.25)
        return layer.presentation()?.opacity
    }

    /// The from/to/by table of CABasicAnimation's documentation: the model changes from 1 to
    /// 0.5 in the transaction that adds the animation.
    @Test func fromToByTable() {
        let cases: [(Any?, Any?, Any?, Float)] = [
            (0.2, 1.0, nil, 0.4),     // from → to
            (0.2, nil, 0.4, 0.3),     // from → from + by
            (nil, 1.0, 0.4, 0.7),     // to − by → to
            (0.1, nil, nil, 0.2),     // from → current
            (nil, 0.9, nil, 0.6),     // current → to
            (nil, nil, 0.4, 0.6),     // current → current + by
            (nil, nil, nil, 0.875),   // previous on screen (1, before the change) → current
        ]
        for (from, to, by, expected) in cases {
            let got = opacity(from: from, to: to, by: by)
            #expect(got.map { abs($0 - expected) < 1e-6 } == true, "from \(String(describing: from)) to \(String(describing: to)) by \(String(describing: by)): \(String(describing: got))")
        }
        // Additive: the animated value is added to the model's.
        #expect(abs((opacity(from: 0, to: 0.4, by: nil, additive: true) ?? 0) - 0.6) < 1e-6)
    }

    /// Seed 004: fillMode forwards with isRemovedOnCompletion false keeps the end on screen
    /// but leaves the model alone; updating the model keeps it there for real.
    @Test func seed004FillForwardsVersusModelUpdate() {
        let layer = makeCommittedLayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 1
        animation.toValue = 0.1
        animation.duration = 3
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        let log = DelegateLog()
        animation.delegate = log
        layer.add(animation, forKey: nil)
        tick(at: 0)
        tick(at: 1.5)
        #expect(abs((layer.presentation()?.opacity ?? 0) - 0.55) < 1e-6)  // symmetric curve: halfway
        tick(at: 3.5)
        #expect(abs((layer.presentation()?.opacity ?? 0) - 0.1) < 1e-6)
        #expect(layer.opacity == 1)  // "1.0 is printed"
        #expect(log.events == ["start@0.0", "stop(true)@3.5"])
        #expect(layer.animationKeys() == nil)  // added without a key
        #expect(layer.presentation() != nil)

        let second = makeCommittedLayer()
        let again = CABasicAnimation(keyPath: "opacity")
        again.fromValue = 1
        again.toValue = 0.1
        again.duration = 3
        CATransaction.setDisableActions(true)
        second.opacity = 0.1  // "0.1 is printed"
        second.add(again, forKey: nil)
        tick(at: 0)
        tick(at: 4)
        #expect(second.opacity == 0.1)
        #expect(abs((second.presentation()?.opacity ?? 0) - 0.1) < 1e-6)
    }

    @Test func fieldsOfKeyPathsAndValueFunctions() {
        let layer = makeCommittedLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 200
        move.duration = 2
        layer.add(move, forKey: "x")
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi
        spin.duration = 2
        layer.add(spin, forKey: "spin")
        let grow = CABasicAnimation(keyPath: "transform")
        grow.valueFunction = CAValueFunction(name: .scale)
        grow.fromValue = [1, 1, 1]
        grow.toValue = [3, 3, 3]
        grow.duration = 2
        layer.add(grow, forKey: "grow")
        tick(at: 0)
        tick(at: 1)
        let p = layer.presentation()!
        #expect(p.position == CGPoint(x: 100, y: 50))  // y untouched
        // The scale animation replaces the transform after the spin wrote it.
        #expect(abs(p.transform.m11 - 2) < 1e-9 && abs(p.transform.m12) < 1e-9)
        #expect(layer.animationKeys() == ["x", "spin", "grow"])
        layer.removeAnimation(forKey: "grow")
        tick(at: 1)
        let q = layer.presentation()!
        // A quarter turn about z at the midpoint.
        #expect(abs(q.transform.m11) < 1e-9 && abs(q.transform.m12 - 1) < 1e-9)
    }

    /// A field of a transform replaces that part of the decomposed transform (the others
    /// kept), a flag switches at ½ and a colour runs component by component — what
    /// `CABasicAnimation`'s documentation and Core Animation's key-path fields describe,
    /// worked out by hand: a 2× scale turned by π/4 is √2 on the diagonal.
    @Test func aTransformFieldAFlagAndAColourAnimateInPlace() throws {
        let layer = makeCommittedLayer()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 5, 0, 0)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        func basic(_ keyPath: String, from: Any?, to: Any?, by: Any? = nil, additive: Bool = false) {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.byValue = by
            animation.isAdditive = additive
            animation.duration = 1
            layer.add(animation, forKey: keyPath)
        }
        basic("transform.rotation.z", from: 0, to: Double.pi / 2)
        basic("transform.translation.x", from: 0, to: 8, additive: true)
        basic("transform.scale.y", from: nil, to: 4)  // from the model's scale, 2
        basic("hidden", from: false, to: true)
        basic("backgroundColor", from: nil, to: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        tick(at: 0)
        let cases: [(time: Double, m11: Double, m12: Double, m21: Double, m22: Double, m41: Double, hidden: Bool, color: [Double])] = [
            // rotation π/8, translation 10 (model) + 2, scale y 2.5
            (0.25, 2 * cos(Double.pi / 8), 2 * sin(Double.pi / 8), -2.5 * sin(Double.pi / 8), 2.5 * cos(Double.pi / 8), 12, false, [0.75, 0, 0.25, 1]),
            // rotation π/4, translation 10 + 4, scale y 3
            (0.5, 2.0.squareRoot(), 2.0.squareRoot(), -3 / 2.0.squareRoot(), 3 / 2.0.squareRoot(), 14, true, [0.5, 0, 0.5, 1]),
        ]
        for c in cases {
            tick(at: c.time)
            guard let p = layer.presentation() else { Issue.record("no presentation"); return }
            let t = p.transform
            for (got, want) in [(t.m11, c.m11), (t.m12, c.m12), (t.m21, c.m21), (t.m22, c.m22), (t.m41, c.m41), (t.m33, 1), (t.m44, 1)] {
                #expect(abs(Double(got) - want) < 1e-9, "at \(c.time): \(got), not \(want)")
            }
            #expect(p.isHidden == c.hidden, "at \(c.time)")
            let color = p.backgroundColor?.components?.map(Double.init) ?? []
            #expect(color.count == 4 && zip(color, c.color).allSatisfy { abs($0 - $1) < 1e-9 }, "at \(c.time): \(color)")
        }
        // The same through one render tree into one frame, reused in any order; once the
        // animations have ended, the model's transform.
        let tree = RenderTree(root: layer)
        var frame = PresentationTree()
        for time in [0.5, 1.5, 0.25, 0.5, 1.5] {
            tree.evaluate(at: time, into: &frame)
            let t = try #require(frame.value(forKeyPath: "transform", ofLayerAt: 0) as? CATransform3D)
            guard let c = cases.first(where: { $0.time == time }) else {
                #expect(t == layer.transform, "at \(time)")
                continue
            }
            for (got, want) in [(t.m11, c.m11), (t.m12, c.m12), (t.m21, c.m21), (t.m22, c.m22), (t.m41, c.m41)] {
                #expect(abs(Double(got) - want) < 1e-9, "at \(time), reused: \(got), not \(want)")
            }
        }
    }

    @Test func cumulativeAndRepeating() {
        let layer = makeCommittedLayer()
        let step = CABasicAnimation(keyPath: "position.x")
        step.fromValue = 0
        step.toValue = 10
        step.duration = 1
        step.repeatCount = 3
        step.isCumulative = true
        layer.add(step, forKey: nil)
        tick(at: 0)
        MediaClock.shared.setManual(2.5)
        #expect(layer.presentation()!.position.x == 25)
    }

    @Test func sameKeyReplacesAndStopsTheOldOne() {
        let layer = makeCommittedLayer()
        let first = CABasicAnimation(keyPath: "opacity")
        first.toValue = 0
        first.duration = 5
        let log1 = DelegateLog("a ")
        first.delegate = log1
        layer.add(first, forKey: "k")
        tick(at: 0)
        let second = CABasicAnimation(keyPath: "opacity")
        second.toValue = 0.5
        second.duration = 1
        let log2 = DelegateLog("b ")
        second.delegate = log2
        layer.add(second, forKey: "k")
        tick(at: 1)
        #expect(log1.events == ["a start@0.0", "a stop(false)@1.0"])
        tick(at: 2.5)
        #expect(log2.events == ["b start@1.0", "b stop(true)@2.5"])
        #expect(layer.animationKeys() == nil)
        // The copy was added: changing the original afterwards changes nothing.
        first.duration = 100
        #expect(layer.animation(forKey: "k") == nil)
    }

    @Test func badInputIsReportedAndHarmless() {
        let layer = makeCommittedLayer()
        let messages = collectingDiagnostics {
            let unknown = CABasicAnimation(keyPath: "wobble")
            unknown.toValue = 1
            layer.add(unknown, forKey: "a")
            let wrongType = CABasicAnimation(keyPath: "position")
            wrongType.toValue = "far away"
            layer.add(wrongType, forKey: "b")
            let nanTime = CABasicAnimation(keyPath: "opacity")
            nanTime.toValue = 0
            nanTime.duration = .nan
            nanTime.beginTime = .infinity
            nanTime.repeatCount = -2
            layer.add(nanTime, forKey: "c")
            tick(at: 0)
            tick(at: 0.1)
        }
        #expect(messages.contains { $0.contains("'wobble'") })
        #expect(messages.contains { $0.contains("far away") })
        #expect(messages.contains { $0.contains("repeatCount") })
        #expect(messages.contains { $0.contains("beginTime") })
        #expect(layer.presentation()!.position == CGPoint(x: 50, y: 50))
    }
}
