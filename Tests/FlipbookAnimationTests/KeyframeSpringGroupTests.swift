import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

@MainActor
@Suite(.serialized) struct KeyframeSpringGroupTests {
    func presentation(of layer: CALayer, at time: Double) -> CALayer {
        MediaClock.shared.setManual(time)
        return layer.presentation()!
    }

    func add(_ animation: CAAnimation, to layer: CALayer) {
        layer.add(animation, forKey: "a")
        tick(at: 0)
    }

    @Test func keyframeModes() {
        let layer = makeCommittedLayer()
        let frames = CAKeyframeAnimation(keyPath: "position.x")
        frames.values = [0, 100, 300]
        frames.keyTimes = [0, 0.25, 1]
        frames.duration = 1
        add(frames, to: layer)
        #expect(presentation(of: layer, at: 0.125).position.x == 50)
        #expect(presentation(of: layer, at: 0.625).position.x == 200)

        let discrete = makeCommittedLayer()
        let steps = CAKeyframeAnimation(keyPath: "opacity")
        steps.values = [0.1, 0.5, 0.9]
        steps.calculationMode = .discrete
        steps.duration = 3
        add(steps, to: discrete)
        #expect(presentation(of: discrete, at: 0.5).opacity == 0.1)
        #expect(presentation(of: discrete, at: 1.5).opacity == 0.5)
        #expect(presentation(of: discrete, at: 2.9).opacity == 0.9)

        // Paced: constant speed, whatever the keyTimes say.
        let paced = makeCommittedLayer()
        let even = CAKeyframeAnimation(keyPath: "position")
        even.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 190)]
        even.keyTimes = [0, 0.9, 1]
        even.calculationMode = .paced
        even.duration = 1
        add(even, to: paced)
        let p = presentation(of: paced, at: 0.5).position  // 100 of 200 units: on the second leg
        #expect(abs(p.x - 30) < 1e-9 && abs(p.y - 90) < 1e-9)

        // Per-segment timing functions.
        let eased = makeCommittedLayer()
        let curve = CAKeyframeAnimation(keyPath: "position.y")
        curve.values = [0, 100, 200]
        curve.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        curve.duration = 2
        add(curve, to: eased)
        let expected = CAMediaTimingFunction(name: .easeIn).evaluate(0.5) * 100
        #expect(abs(Double(presentation(of: eased, at: 0.5).position.y) - expected) < 1e-9)
        #expect(abs(presentation(of: eased, at: 1.5).position.y - 150) < 1e-9)
    }

    /// Which keyframe a time falls in, with key times repeated (a jump) and reached exactly:
    /// `CAKeyframeAnimation`'s documentation — each value holds from its key time, linear
    /// mode blends toward the next, discrete mode holds until the next key time.
    @Test(arguments: [
        (0.0, 0.0), (0.05, 5), (0.1, 20), (0.2, 25), (0.5, 60), (0.7, 65), (0.95, 75), (1, 80), (-1, 0), (2, 80),
    ])
    func keyframesAtRepeatedKeyTimes(_ f: Double, _ expected: Double) throws {
        let values = (0...8).map { SIMD4<Double>(Double($0) * 10, 0, 0, 0) }
        let linear = Keyframes(values: values, segments: nil, keyTimes: [0, 0.1, 0.1, 0.3, 0.5, 0.5, 0.5, 0.9, 1],
                               eases: [], mode: .linear, splineParameters: [])
        #expect(try #require(linear.value(at: f)).x == expected, "at \(f)")
        // Discrete: four values, five key times, two of them 0.25.
        let discrete = Keyframes(values: Array(values.prefix(4)), segments: nil, keyTimes: [0, 0.25, 0.25, 0.75, 1],
                                 eases: [], mode: .discrete, splineParameters: [])
        let held = f < 0.25 ? 0.0 : f < 0.75 ? 20 : 30
        #expect(try #require(discrete.value(at: f)).x == held, "discrete at \(f)")
    }

    @Test func cubicModePassesThroughKeyframes() {
        let layer = makeCommittedLayer()
        let spline = CAKeyframeAnimation(keyPath: "position.x")
        spline.values = [0, 100, 0, 100]
        spline.calculationMode = .cubic
        spline.duration = 3
        add(spline, to: layer)
        for (time, x) in [(1.0, 100.0), (2.0, 0.0)] {
            #expect(abs(Double(presentation(of: layer, at: time).position.x) - x) < 1e-9)
        }
        // Catmull-Rom overshoots between alternating keyframes.
        #expect(abs(presentation(of: layer, at: 1.5).position.x - 50) < 1e-9)
        #expect(presentation(of: layer, at: 0.9).position.x > 100 * 0.9)
    }

    @Test func pathAnimationWithRotationMode() {
        let layer = makeCommittedLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let along = CAKeyframeAnimation(keyPath: "position")
        along.path = path
        along.duration = 2
        along.rotationMode = .rotateAuto
        add(along, to: layer)
        let first = presentation(of: layer, at: 0.5)
        #expect(first.position == CGPoint(x: 50, y: 0))
        #expect(abs(first.transform.m11 - 1) < 1e-9)  // heading along +x
        let second = presentation(of: layer, at: 1.5)
        #expect(second.position == CGPoint(x: 100, y: 50))
        #expect(abs(second.transform.m12 - 1) < 1e-9)  // heading down: a quarter turn
    }

    @Test func badKeyTimesAreReplacedByEvenSpacing() {
        let layer = makeCommittedLayer()
        let messages = collectingDiagnostics {
            let frames = CAKeyframeAnimation(keyPath: "position.x")
            frames.values = [0, 100, 200]
            frames.keyTimes = [0, 0.8, 0.2]
            frames.duration = 1
            add(frames, to: layer)
        }
        #expect(messages.count == 1)
        #expect(presentation(of: layer, at: 0.25).position.x == 50)
    }

    @Test func springFollowsTheClosedForm() {
        // Underdamped: x(t) = e^(−ζω t)(cos ω_d t + (ζω/ω_d) sin ω_d t).
        let s = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, allowsOverdamping: false)
        let zeta = 0.5, w = 10.0, wd = w * (1 - zeta * zeta).squareRoot()
        for t in [0.05, 0.2, 0.37, 1.0] {
            let x = exp(-zeta * w * t) * (cos(wd * t) + zeta * w / wd * sin(wd * t))
            #expect(abs(s.fraction(at: t) - (1 - x)) < 1e-12)
        }
        // Critically damped, with velocity: x = e^(−ωt)(1 + (ω − v)t).
        let c = Spring(mass: 2, stiffness: 50, damping: 20, initialVelocity: 3, allowsOverdamping: false)
        #expect(abs(c.fraction(at: 0.3) - (1 - exp(-5 * 0.3) * (1 + (5 - 3) * 0.3))) < 1e-12)
        // Overdamping is clamped to critical unless allowed.
        let over = Spring(mass: 1, stiffness: 100, damping: 40, initialVelocity: 0, allowsOverdamping: true)
        let r1 = -10 * (2 - 3.0.squareRoot()), r2 = -10 * (2 + 3.0.squareRoot())
        let c2 = -r1 / (r2 - r1)
        #expect(abs(over.fraction(at: 0.2) - (1 - ((1 - c2) * exp(r1 * 0.2) + c2 * exp(r2 * 0.2)))) < 1e-12)
        var clamped = over; clamped.allowsOverdamping = false
        #expect(abs(clamped.fraction(at: 0.2) - (1 - exp(-2) * (1 + 2))) < 1e-12)
    }

    @Test func settlingDurationsMatchApplesDocumentation() {
        // Apple: damping 5 settles in about 2.85 s; damping 15 in just over a second
        // (mass 1, stiffness 100).
        let bouncy = CASpringAnimation()
        bouncy.damping = 5
        #expect(abs(bouncy.settlingDuration - 2.85) < 0.1)
        let calm = CASpringAnimation()
        calm.damping = 15
        #expect(calm.settlingDuration > 1 && calm.settlingDuration < 1.1)
        // The perceptual initializer: duration = settling duration; no bounce is critical.
        let smooth = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        #expect(abs(smooth.spring.dampingRatio - 1) < 1e-12)
        #expect(smooth.duration == smooth.settlingDuration)
        #expect(abs(smooth.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
    }

    @Test func springAnimationOnALayer() {
        let layer = makeCommittedLayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 640
        spring.damping = 5
        spring.duration = 2
        add(spring, to: layer)
        let expected = 640 * spring.spring.fraction(at: 0.4)
        #expect(abs(Double(presentation(of: layer, at: 0.4).position.x) - expected) < 1e-9)
        #expect(presentation(of: layer, at: 0.4).position.x > 640)  // it overshoots
    }

    /// Seed 004: a group of duration 1 clips a 5 s fade; the scale child with no duration
    /// of its own runs as long as the group (Apple's CAAnimationGroup Listing 1, the same
    /// fade and scale: "as the scale increases to (3, 3, 3), the opacity drops to 0").
    @Test func seed004FadeAndScaleGroup() {
        let layer = makeCommittedLayer()
        let fadeOut = CABasicAnimation(keyPath: "opacity")
        fadeOut.fromValue = 1
        fadeOut.toValue = 0
        fadeOut.duration = 5
        let expandScale = CABasicAnimation(keyPath: "transform")
        expandScale.valueFunction = CAValueFunction(name: .scale)
        expandScale.fromValue = [1, 1, 1]
        expandScale.toValue = [3, 3, 3]
        let group = CAAnimationGroup()
        group.animations = [fadeOut, expandScale]
        group.duration = 1
        let log = DelegateLog("group ")
        group.delegate = log
        let childLog = DelegateLog("child ")
        fadeOut.delegate = childLog
        add(group, to: layer)
        let mid = presentation(of: layer, at: 0.5)
        #expect(abs(mid.opacity - 0.9) < 1e-6)
        #expect(mid.transform == CATransform3DMakeScale(2, 2, 2))  // halfway from 1 to 3
        #expect(abs(presentation(of: layer, at: 0.125).transform.m11 - 1.25) < 1e-9)
        tick(at: 1)
        #expect(presentation(of: layer, at: 1).opacity == 1)  // clipped at the group's end
        #expect(log.events == ["group start@0.0", "group stop(true)@1.0"])
        #expect(childLog.events.isEmpty)  // only the group's delegate hears anything
    }

    /// Seed 003: chained position animations with increasing beginTimes inside an endlessly
    /// repeating group.
    @Test func seed003ChainedPositionsInARepeatingGroup() {
        let layer = makeCommittedLayer()
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 0)]
        var animations: [CAAnimation] = []
        var total: CFTimeInterval = 0
        for (from, to) in zip(points, points.dropFirst()) {
            let step = CABasicAnimation(keyPath: "position")
            step.fromValue = from
            step.toValue = to
            step.duration = 1 + total.truncatingRemainder(dividingBy: 2)
            step.beginTime = total
            step.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionLinear)
            step.isRemovedOnCompletion = false
            step.fillMode = kCAFillModeForwards
            animations.append(step)
            total += step.duration
        }
        let group = CAAnimationGroup()
        group.animations = animations
        group.duration = total  // 1 + 2 + 2 = 5
        group.repeatCount = .infinity
        layer.add(group, forKey: "positionAnimation")
        tick(at: 0)
        #expect(total == 5)
        #expect(presentation(of: layer, at: 0.5).position == CGPoint(x: 50, y: 0))
        #expect(presentation(of: layer, at: 2).position == CGPoint(x: 100, y: 50))
        #expect(presentation(of: layer, at: 4).position == CGPoint(x: 50, y: 50))
        // The second lap repeats the first; the group never ends.
        #expect(presentation(of: layer, at: 1000.5).position == CGPoint(x: 50, y: 0))
        tick(at: 1000)
        #expect(layer.animationKeys() == ["positionAnimation"])
    }
}
