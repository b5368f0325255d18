import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

@MainActor
@Suite(.serialized) struct KeyPathAndSubclassTests {
    @Test func keyPathsParse() {
        let valid: [(String, LayerProperty, LayerKeyPath.Field?, [LayerKeyPath.Hop])] = [
            ("opacity", .opacity, nil, []),
            ("position.x", .position, .x, []),
            ("bounds.size.width", .bounds, .sizeWidth, []),
            ("bounds.origin", .bounds, .origin, []),
            ("transform.rotation", .transform, .rotationZ, []),
            ("transform.rotation.y", .transform, .rotationY, []),
            ("transform.scale", .transform, .scale, []),
            ("transform.translation.x", .transform, .translationX, []),
            ("sublayerTransform.scale.z", .sublayerTransform, .scaleZ, []),
            ("shadowOffset.height", .shadowOffset, .height, []),
            ("strokeEnd", .strokeEnd, nil, []),
            ("sublayers.dot.position.y", .position, .y, [.sublayer(named: "dot")]),
            ("mask.sublayers.a.opacity", .opacity, nil, [.mask, .sublayer(named: "a")]),
        ]
        for (string, property, field, hops) in valid {
            let parsed = LayerKeyPath(string)
            #expect(parsed?.property == property && parsed?.field == field && parsed?.hops == hops, "\(string)")
        }
        for bad in ["", "wobble", "opacity.x", "position.z", "bounds.size.depth", "transform.rotation.w", "sublayers.opacity"] {
            #expect(LayerKeyPath(bad) == nil, "\(bad)")
        }
    }

    @Test func keyValueCoding() {
        AnimationHost.shared.reset()
        let layer = CALayer()
        layer.setValue(30, forKeyPath: "position.x")
        layer.setValue(CGSize(width: 5, height: 6), forKeyPath: "bounds.size")
        layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        #expect(layer.position.x == 30 && layer.bounds.size == CGSize(width: 5, height: 6))
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as! CGFloat) - .pi / 2) < 1e-12)
        layer.setValue(2, forKeyPath: "transform.scale")
        #expect(abs((layer.value(forKeyPath: "transform.scale.x") as! CGFloat) - 2) < 1e-12)
        #expect(abs((layer.value(forKeyPath: "transform.rotation") as! CGFloat) - .pi / 2) < 1e-12)
        layer.setValue(true, forKey: "hidden")
        #expect(layer.isHidden)
        let child = CALayer()
        child.name = "child"
        layer.addSublayer(child)
        layer.setValue(0.25, forKeyPath: "sublayers.child.opacity")
        #expect(child.opacity == 0.25)
        let messages = collectingDiagnostics {
            layer.setValue(1, forKeyPath: "wobble")
            layer.setValue("red", forKeyPath: "backgroundColor")
            layer.setValue(1, forKeyPath: "sublayers.nobody.opacity")
        }
        #expect(messages.count == 3)
        #expect(CALayer.defaultValue(forKey: "opacity") as? CGFloat == 1)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
    }

    /// A layer scaled to nothing by its fields keeps the others: scaled to 0 along x, it
    /// reads scale 0 there and still its turn (both scales 0, the matrix holds no turn).
    /// Animating `transform.scale.x` and `.y` from there grows it (the pop-in of Lottie
    /// files and of lottie-ios's Core Animation engine): halfway through a linear second,
    /// half size.
    @Test func aLayerPopsInFromScaleZero() {
        let layer = makeCommittedLayer()
        CATransaction.setDisableActions(true)
        layer.setValue(0.5, forKeyPath: "transform.rotation.z")
        layer.setValue(0, forKeyPath: "transform.scale.x")
        #expect(layer.value(forKeyPath: "transform.scale.x") as? CGFloat == 0)
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0) - 0.5) < 1e-12)
        layer.setValue(0, forKeyPath: "transform.rotation.z")
        layer.setValue(0, forKeyPath: "transform.scale.y")
        #expect(layer.value(forKeyPath: "transform.scale.y") as? CGFloat == 0)
        for axis in ["x", "y"] {
            let grow = CABasicAnimation(keyPath: "transform.scale." + axis)
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 1
            layer.add(grow, forKey: axis)
        }
        AnimationHost.shared.tick()
        MediaClock.shared.setManual(0.5)
        #expect(layer.presentation()?.transform == CATransform3DMakeScale(0.5, 0.5, 1))
    }

    @Test func emitterCellKeyPaths() {
        AnimationHost.shared.reset()
        let emitter = CAEmitterLayer()
        let fire = CAEmitterCell(), spark = CAEmitterCell()
        fire.name = "fire"
        spark.name = "spark"
        fire.emitterCells = [spark]
        emitter.emitterCells = [fire]
        emitter.setValue(120, forKeyPath: "emitterCells.fire.birthRate")
        emitter.setValue(CGFloat(2.5), forKeyPath: "emitterCells.fire.emitterCells.spark.velocity")
        emitter.setValue(CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1), forKeyPath: "emitterCells.fire.color")
        emitter.setValue(0.25, forKeyPath: "emitterCells.fire.redSpeed")
        emitter.setValue(false, forKeyPath: "emitterCells.fire.enabled")
        #expect(fire.birthRate == 120 && spark.velocity == 2.5 && fire.redSpeed == 0.25 && !fire.isEnabled)
        #expect(fire.color?.components == [1, 0.5, 0, 1])
        #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? CGFloat == 120)
        #expect(emitter.value(forKeyPath: "emitterCells.fire.emitterCells.spark.velocity") as? CGFloat == 2.5)
        let messages = collectingDiagnostics {
            emitter.setValue(1, forKeyPath: "emitterCells.smoke.birthRate")
            emitter.setValue(1, forKeyPath: "emitterCells.fire.wobble")
            emitter.setValue("lots", forKeyPath: "emitterCells.fire.birthRate")
            #expect(emitter.value(forKeyPath: "emitterCells.fire.wobble") == nil)
            let wrong = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
            wrong.toValue = "lots"
            emitter.add(wrong, forKey: nil)
            AnimationHost.shared.tick()
        }
        #expect(fire.birthRate == 120)
        #expect(messages.contains { $0.contains("no emitter cell named 'smoke'") })
        #expect(messages.contains { $0.contains("unknown key path 'emitterCells.fire.wobble'") })
        #expect(messages.filter { $0.contains("does not fit key path 'emitterCells.fire.birthRate'") }.count == 2)
    }

    /// Cells are captured when given to the layer, as Core Animation copies them: a later
    /// change to the cell object counts only once made through the layer.
    @Test func emitterCellsAreCapturedWhenSet() {
        AnimationHost.shared.reset()
        let emitter = CAEmitterLayer()
        let fire = CAEmitterCell()
        fire.name = "fire"
        fire.birthRate = 10
        emitter.emitterCells = [fire]
        fire.birthRate = 99
        #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? CGFloat == 10)
        emitter.setValue(30, forKeyPath: "emitterCells.fire.birthRate")
        #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? CGFloat == 30 && fire.birthRate == 30)
        #expect(LayerKeyPath("emitterCells") == nil && CALayer.defaultValue(forKey: "emitterCells") == nil)
    }

    /// `emitterCells.NAME[.emitterCells.NAME].KEY` animations: numbers, nested cells,
    /// colours and rects, in the presentation layer and the render tree, model untouched.
    @Test func emitterCellAnimations() throws {
        AnimationHost.shared.reset(time: 0)
        let emitter = CAEmitterLayer()
        let fire = CAEmitterCell(), spark = CAEmitterCell()
        fire.name = "fire"
        spark.name = "spark"
        fire.birthRate = 120
        spark.velocity = 10
        fire.emitterCells = [spark]
        emitter.emitterCells = [fire]
        AnimationHost.shared.tick()

        let surge = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
        (surge.fromValue, surge.toValue, surge.duration) = (0, 100, 1)
        surge.timingFunction = CAMediaTimingFunction(name: .linear)
        emitter.add(surge, forKey: "surge")
        let sparks = CAKeyframeAnimation(keyPath: "emitterCells.fire.emitterCells.spark.velocity")
        (sparks.values, sparks.keyTimes, sparks.duration) = ([0, 40, 20], [0, 0.5, 1], 1)
        emitter.add(sparks, forKey: "sparks")
        let tint = CABasicAnimation(keyPath: "emitterCells.fire.color")
        tint.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        tint.toValue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        (tint.duration, tint.timingFunction) = (1, CAMediaTimingFunction(name: .linear))
        emitter.add(tint, forKey: "tint")
        let crop = CABasicAnimation(keyPath: "emitterCells.fire.contentsRect")
        crop.toValue = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        (crop.duration, crop.timingFunction) = (1, CAMediaTimingFunction(name: .linear))
        emitter.add(crop, forKey: "crop")
        AnimationHost.shared.tick()  // committed at 0: the animations begin then
        tick(at: 0.25)

        let presented = try #require(emitter.presentation())
        func number(_ value: Any?) -> Double { (value as? CGFloat).map(Double.init) ?? .nan }
        #expect(abs(number(presented.value(forKeyPath: "emitterCells.fire.birthRate")) - 25) < 1e-9)
        #expect(abs(number(presented.value(forKeyPath: "emitterCells.fire.emitterCells.spark.velocity")) - 20) < 1e-9)
        let color = try #require(presented.value(forKeyPath: "emitterCells.fire.color") as? CGColor)
        #expect(zip(color.components ?? [], [0.75, 0, 0.25, 1]).allSatisfy { abs($0 - $1) < 1e-9 })
        let rect = try #require(presented.value(forKeyPath: "emitterCells.fire.contentsRect") as? CGRect)
        #expect(abs(rect.minX - 0.125) < 1e-9 && abs(rect.minY - 0.125) < 1e-9 && abs(rect.width - 0.875) < 1e-9)
        // The model keeps its values; the render tree shows the animated ones.
        #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? CGFloat == 120)
        let snapshot = RenderTree(root: emitter)
        let frame = snapshot.evaluate(at: 0.75)
        #expect(abs(number(frame.value(forKeyPath: "emitterCells.fire.birthRate", ofLayerAt: 0)) - 75) < 1e-9)
        #expect(abs(number(frame.value(forKeyPath: "emitterCells.fire.emitterCells.spark.velocity", ofLayerAt: 0)) - 30) < 1e-9)
        // After the animations end the committed values come back.
        let after = snapshot.evaluate(at: 2)
        #expect(after.value(forKeyPath: "emitterCells.fire.birthRate", ofLayerAt: 0) as? CGFloat == 120)
        #expect(after.value(forKeyPath: "emitterCells.fire.emitterCells.spark.velocity", ofLayerAt: 0) as? CGFloat == 10)
    }

    @Test func subclassDefaultsAndProperties() {
        AnimationHost.shared.reset()
        let shape = CAShapeLayer()
        #expect(shape.fillColor == CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1))  // black by default
        #expect(shape.strokeColor == nil && shape.lineWidth == 1 && shape.miterLimit == 10)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1 && shape.fillRule == .nonZero)
        shape.lineDashPattern = [4, 2]
        #expect(shape.lineDashPattern == [4, 2])
        let gradient = CAGradientLayer()
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.endPoint == CGPoint(x: 0.5, y: 1))
        gradient.colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)]
        #expect(gradient.colors?.count == 2)
        let text = CATextLayer()
        #expect(text.fontSize == 36 && text.foregroundColor == CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))
        let replicator = CAReplicatorLayer()
        #expect(replicator.instanceCount == 1 && replicator.instanceColor == CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))
        let emitter = CAEmitterLayer()
        #expect(emitter.birthRate == 1 && emitter.emitterShape == .point && emitter.renderMode == .unordered)
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroll.scroll(to: CGRect(x: 150, y: 20, width: 30, height: 30))
        #expect(scroll.bounds.origin == CGPoint(x: 80, y: 0))
        scroll.scrollMode = .vertically
        scroll.scroll(to: CGPoint(x: 5, y: 7))
        #expect(scroll.bounds.origin == CGPoint(x: 80, y: 7))
    }

    @Test func subclassPropertiesAnimate() {
        AnimationHost.shared.reset(time: 0)
        let shape = CAShapeLayer()
        AnimationHost.shared.tick()
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2
        shape.add(draw, forKey: "draw")
        let tint = CABasicAnimation(keyPath: "fillColor")
        tint.toValue = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        tint.duration = 2
        shape.add(tint, forKey: "tint")
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        morph.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50), transform: nil)
        morph.duration = 2
        shape.add(morph, forKey: "morph")
        tick(at: 0)
        MediaClock.shared.setManual(0.5)
        let p = shape.presentation()!
        #expect(p.strokeEnd == 0.25)
        let fill = p.fillColor?.components ?? []
        #expect(fill.count == 4 && zip(fill, [0.25, 0.25, 0.25, 1]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(p.path?.boundingBox == CGRect(x: 0, y: 0, width: 15, height: 20))
        #expect(p.fillRule == .nonZero)
        // Structures that differ switch at the midpoint.
        let a = AnimatableValue.path(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil))
        let b = AnimatableValue.path(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil))
        #expect(a.interpolated(to: b, fraction: 0.4) == a && a.interpolated(to: b, fraction: 0.6) == b)
    }

    @Test func displayPrecedenceOfSeed004() {
        AnimationHost.shared.reset()
        final class Painter: CALayerDelegate {
            var displayed = 0, drawn = 0
            var hasDisplay: Bool
            init(hasDisplay: Bool) { self.hasDisplay = hasDisplay }
            var implementsDisplay: Bool { hasDisplay }
            var implementsDraw: Bool { true }
            func display(_ layer: CALayer) { displayed += 1 }
            func draw(_ layer: CALayer, in ctx: CGContext) {
                drawn += 1
                ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
                ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
        }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        let both = Painter(hasDisplay: true)
        layer.delegate = both
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(both.displayed == 1 && both.drawn == 0)  // display wins over draw
        let drawOnly = Painter(hasDisplay: false)
        layer.delegate = drawOnly
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(drawOnly.drawn == 1 && (layer.contents as? CGImage)?.width == 4)
        // Contents set directly win until the next setNeedsDisplay.
        let image = layer.contents
        layer.contents = try! CGContext(width: 2, height: 2).makeImage()
        layer.displayIfNeeded()
        #expect((layer.contents as? CGImage)?.width == 2 && image != nil)
        #expect(drawOnly.drawn == 1)
    }
}
