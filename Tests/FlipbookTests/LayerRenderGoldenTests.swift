import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// Golden frames of layer trees rendered by `CARenderer`: animated scenes as film strips
/// (the scene at 0, ¼, ½, ¾ and 1 of its animation, side by side), still scenes as one
/// frame. Each reference PNG was looked at before it was committed.
@MainActor
@Suite(.serialized) struct LayerRenderGoldenTests {
    @Test(arguments: [500.0, 1000.0])
    func seed001Flip(distance: Double) throws {
        let image = try FilmStrip.render(FilmStrip.flipScene(m34: 1 / distance), size: CGSize(width: 200, height: 160),
                                         times: [0, 0.125, 0.25, 0.375, 0.5])
        #expect(Golden.compare(image, "\(Int(distance))") == nil)
        // Before the flip only the red front shows; after it only the blue back.
        #expect(image.pixel(100, 80) == [255, 0, 0, 255])
        #expect(image.pixel(4 * 200 + 100, 80) == [0, 0, 255, 255])
    }

    /// Backgrounds, rounded and masked corners, borders, opacity, zPosition order,
    /// masksToBounds, a shadow and a mask layer, still.
    @Test func layerBasics() throws {
        let root = TestScene.root(width: 320, height: 200, gray: 0.95)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
        card.backgroundColor = CGColor(srgbRed: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        card.cornerRadius = 16
        card.borderWidth = 4
        card.borderColor = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.4, alpha: 1)
        card.shadowOpacity = 0.5
        card.shadowOffset = CGSize(width: 4, height: 6)
        card.shadowRadius = 4
        root.addSublayer(card)
        let clipped = CALayer()
        clipped.frame = CGRect(x: 170, y: 20, width: 120, height: 80)
        clipped.backgroundColor = CGColor(srgbRed: 1, green: 0.8, blue: 0.2, alpha: 1)
        clipped.cornerRadius = 24
        clipped.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        clipped.masksToBounds = true
        let overflow = CALayer()
        overflow.frame = CGRect(x: 60, y: 40, width: 100, height: 80)
        overflow.backgroundColor = CGColor(srgbRed: 0.8, green: 0.1, blue: 0.3, alpha: 1)
        clipped.addSublayer(overflow)
        root.addSublayer(clipped)
        for (index, z) in [2.0, 0, 1].enumerated() {
            let square = CALayer()
            square.frame = CGRect(x: 30 + CGFloat(index) * 30, y: 120, width: 50, height: 50)
            square.backgroundColor = CGColor(srgbRed: index == 0 ? 1 : 0, green: index == 1 ? 0.7 : 0, blue: index == 2 ? 1 : 0, alpha: 1)
            square.zPosition = z
            square.opacity = 0.8
            root.addSublayer(square)
        }
        let masked = CALayer()
        masked.frame = CGRect(x: 190, y: 115, width: 80, height: 80)
        masked.backgroundColor = CGColor(srgbRed: 0.1, green: 0.6, blue: 0.3, alpha: 1)
        let circle = CAShapeLayer()
        circle.frame = masked.bounds
        circle.path = CGPath(ellipseIn: masked.bounds.insetBy(dx: 5, dy: 5), transform: nil)
        masked.mask = circle
        root.addSublayer(masked)
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: root, bounds: root.bounds).render(at: 0)
        #expect(Golden.compare(image) == nil)
        #expect(image.pixel(230, 155) == [26, 153, 77, 255])   // inside the mask's circle
        #expect(image.pixel(192, 117) == [243, 243, 243, 255])  // outside it: the root shows
    }

    /// A card with content (a sublayer clipped by rounded masksToBounds, and a border)
    /// turning about y under perspective, double-sided: it is drawn flat in its plane and
    /// mapped with perspective-correct sampling; past 90° its back (mirrored) shows.
    @Test func perspectiveCardWithContent() throws {
        let root = TestScene.root(width: 200, height: 160)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        root.sublayerTransform = perspective
        let card = CALayer()
        card.frame = CGRect(x: 40, y: 30, width: 120, height: 100)
        card.backgroundColor = CGColor(srgbRed: 0.95, green: 0.85, blue: 0.3, alpha: 1)
        card.cornerRadius = 16
        card.masksToBounds = true
        card.borderWidth = 4
        card.borderColor = CGColor(srgbRed: 0.2, green: 0.2, blue: 0.5, alpha: 1)
        let stripe = CALayer()
        stripe.frame = CGRect(x: -10, y: 20, width: 70, height: 90)
        stripe.backgroundColor = CGColor(srgbRed: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        card.addSublayer(stripe)
        root.addSublayer(card)
        AnimationHost.shared.tick()
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0
        turn.toValue = CGFloat.pi
        turn.duration = 1
        turn.fillMode = .forwards
        turn.isRemovedOnCompletion = false
        card.add(turn, forKey: "turn")
        AnimationHost.shared.tick()
        let image = try FilmStrip.render(root, size: CGSize(width: 200, height: 160), times: [0, 0.2, 0.4, 0.7, 0.9])
        #expect(Golden.compare(image) == nil)
        #expect(image.pixel(100, 32) == [51, 51, 128, 255])      // the border at t = 0
        #expect(image.pixel(100, 80) == [242, 217, 77, 255])     // the card's own colour
    }

    /// Replicators: Apple's example row (five white squares, each 30 points right of the
    /// last, blue and green offsets of −0.2 fading them to red) and an activity indicator
    /// (12 bars turned 30° apart about the replicator's centre, each fading out 1/12 s
    /// after the one before).
    @Test func replicators() throws {
        let root = TestScene.root(width: 200, height: 160, gray: 0.2)
        let row = CAReplicatorLayer()
        row.frame = CGRect(x: 10, y: 10, width: 180, height: 30)
        row.instanceCount = 5
        row.instanceTransform = CATransform3DMakeTranslation(35, 0, 0)
        row.instanceBlueOffset = -0.2
        row.instanceGreenOffset = -0.2
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        square.backgroundColor = CGColor(gray: 1, alpha: 1)
        row.addSublayer(square)
        root.addSublayer(row)
        let spinner = CAReplicatorLayer()
        spinner.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        spinner.instanceCount = 12
        spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        spinner.instanceDelay = 1.0 / 12
        let bar = CALayer()
        bar.frame = CGRect(x: 46, y: 4, width: 8, height: 26)
        bar.cornerRadius = 4
        bar.backgroundColor = CGColor(srgbRed: 0.3, green: 0.8, blue: 1, alpha: 1)
        spinner.addSublayer(bar)
        root.addSublayer(spinner)
        AnimationHost.shared.tick()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
        AnimationHost.shared.tick()
        let image = try FilmStrip.render(root, size: CGSize(width: 200, height: 160), times: [1, 1.25, 1.5, 1.75, 2])
        #expect(Golden.compare(image) == nil)
        // The row: white, then blue and green 0.2 lower each time.
        #expect(image.pixel(25, 25) == [255, 255, 255, 255])
        #expect(image.pixel(60, 25) == [255, 204, 204, 255])
        #expect(image.pixel(165, 25) == [255, 51, 51, 255])
        // At t = 1 the first bar has just restarted (opaque); the one before it in the
        // circle (instance 11, at 330°) is 11/12 s behind, nearly faded.
        #expect(image.pixel(100, 60)[1] > 190)
    }

    /// The three CAGradientLayer types with the same colours: axial top to bottom, radial
    /// from the centre to the edge, conic sweeping clockwise from the right.
    @Test func gradientTypes() throws {
        let root = TestScene.root(width: 330, height: 120)
        let colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 1, green: 0.9, blue: 0, alpha: 1),
                      CGColor(srgbRed: 0, green: 0.7, blue: 0.3, alpha: 1), CGColor(srgbRed: 0, green: 0.3, blue: 1, alpha: 1)]
        for (index, type) in [CAGradientLayerType.axial, .radial, .conic].enumerated() {
            let gradient = CAGradientLayer()
            gradient.type = type
            gradient.frame = CGRect(x: 10 + CGFloat(index) * 110, y: 10, width: 100, height: 100)
            gradient.colors = colors
            if type != .axial {
                gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                // Radial: the ellipse's radii are the offsets to endPoint in x and in y.
                gradient.endPoint = CGPoint(x: 1, y: type == .radial ? 1 : 0.5)
            }
            gradient.cornerRadius = 12
            gradient.masksToBounds = true
            root.addSublayer(gradient)
        }
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: root, bounds: root.bounds).render(at: 0)
        #expect(Golden.compare(image) == nil)
        // Conic: red just clockwise of the right (t = 0), blue just anticlockwise of it
        // (t → 1); below the centre t = ¼, three quarters of the way from red to yellow
        // (green 0.675 · 255 ≈ 172); left of it t = ½, halfway from yellow to green.
        let conic = (x: 280, y: 60)
        #expect(image.pixel(conic.x + 40, conic.y + 1)[0] > 240 && image.pixel(conic.x + 40, conic.y + 1)[2] < 20)
        #expect(image.pixel(conic.x + 40, conic.y - 2)[2] > 220)
        #expect(abs(Int(image.pixel(conic.x, conic.y + 40)[1]) - 172) <= 4)
        let left = image.pixel(conic.x - 40, conic.y)
        #expect(abs(Int(left[0]) - 128) <= 4 && abs(Int(left[1]) - 204) <= 4)
        // Radial: the centre is red, the inscribed circle's edge blue.
        #expect(image.pixel(170, 60)[0] > 240)
        #expect(image.pixel(170 + 48, 60)[2] > 200)
    }

    /// contentsCenter: a 30×30 image whose 10-pixel corners are blue, edges red and centre
    /// green, stretched to 120×60 points with the centre third as contentsCenter: corners
    /// stay 10×10, edges stretch along their length, the centre both ways.
    @Test func contentsCenterNineParts() throws {
        AnimationHost.shared.reset(time: 0)
        let source = try CGContext(width: 30, height: 30)
        for row in 0..<3 {
            for column in 0..<3 {
                let corner = row != 1 && column != 1, middle = row == 1 && column == 1
                source.setFillColor(corner ? CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
                                    : middle ? CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1) : CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
                source.fill(CGRect(x: column * 10, y: row * 10, width: 10, height: 10))
            }
        }
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
        layer.contents = try CARenderer.image(of: source)
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        layer.magnificationFilter = .nearest
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: layer, bounds: layer.bounds).render(at: 0)
        let blue: [UInt8] = [0, 0, 255, 255], red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255]
        for (x, y) in [(1, 1), (8, 8), (118, 58), (111, 1), (1, 51)] { #expect(image.pixel(x, y) == blue, "(\(x), \(y))") }
        for (x, y) in [(11, 1), (60, 8), (108, 55), (1, 11), (115, 48)] { #expect(image.pixel(x, y) == red, "(\(x), \(y))") }
        for (x, y) in [(11, 11), (60, 30), (108, 48)] { #expect(image.pixel(x, y) == green, "(\(x), \(y))") }
    }

    /// Each contents gravity places a 20×10 image in 100×80 bounds as Apple's constants
    /// describe ("horizontally centered at the bottom-edge of the bounds rectangle", …),
    /// their vertical names taken in a y-up space: in a layer that is not geometry-flipped
    /// `.bottom` lands at the top of the picture and `.top` at its foot, as iOS shows them
    /// (CALayer.contentsGravity: "The naming of contents gravity constants is based on the
    /// direction of the vertical axis"). The aspect gravities scale by 5 (fit) and 8 (fill);
    /// a name Core Animation does not know centres the contents.
    @Test func contentsGravityPlacesTheContents() throws {
        AnimationHost.shared.reset(time: 0)
        let source = try CGContext(width: 20, height: 10)
        source.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        source.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        let image = try CARenderer.image(of: source)
        let table: [(CALayerContentsGravity, CGRect)] = [
            (.resize, CGRect(x: 0, y: 0, width: 100, height: 80)),
            (.resizeAspect, CGRect(x: 0, y: 15, width: 100, height: 50)),
            (.resizeAspectFill, CGRect(x: 0, y: 0, width: 100, height: 80)),
            (.center, CGRect(x: 40, y: 35, width: 20, height: 10)),
            (.top, CGRect(x: 40, y: 70, width: 20, height: 10)),
            (.bottom, CGRect(x: 40, y: 0, width: 20, height: 10)),
            (.left, CGRect(x: 0, y: 35, width: 20, height: 10)),
            (.right, CGRect(x: 80, y: 35, width: 20, height: 10)),
            (.topLeft, CGRect(x: 0, y: 70, width: 20, height: 10)),
            (.topRight, CGRect(x: 80, y: 70, width: 20, height: 10)),
            (.bottomLeft, CGRect(x: 0, y: 0, width: 20, height: 10)),
            (.bottomRight, CGRect(x: 80, y: 0, width: 20, height: 10)),
            (CALayerContentsGravity(rawValue: "sideways"), CGRect(x: 40, y: 35, width: 20, height: 10)),
        ]
        for (gravity, expected) in table {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            layer.contents = image
            layer.contentsGravity = gravity
            AnimationHost.shared.tick()
            let picture = try CARenderer(layer: layer, bounds: layer.bounds).render(at: 0)
            var covered = CGRect.null
            for y in 0..<80 {
                for x in 0..<100 where picture.pixel(x, y)[3] > 0 {
                    covered = covered.union(CGRect(x: x, y: y, width: 1, height: 1))
                }
            }
            #expect(covered == expected, "\(gravity.rawValue)")
        }
    }

    /// A layer that draws itself: its `draw(in:)` override becomes its contents at the next
    /// tick after `setNeedsDisplay()`, and with needsDisplayOnBoundsChange it draws again
    /// at its new size.
    @Test func drawInContextBecomesContents() throws {
        final class DotLayer: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor(srgbRed: 0.9, green: 0.1, blue: 0.4, alpha: 1))
                ctx.fillEllipse(in: bounds)
            }
        }
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        let dot = DotLayer()
        dot.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        dot.needsDisplayOnBoundsChange = true
        dot.setNeedsDisplay()
        root.addSublayer(dot)
        AnimationHost.shared.rootLayers = [root]
        AnimationHost.shared.tick()
        let renderer = CARenderer(layer: root, bounds: root.bounds)
        let first = try renderer.render(at: 0)
        #expect(first.pixel(20, 20) == [230, 26, 102, 255])
        #expect(first.pixel(2, 2)[3] == 0)     // outside the circle
        #expect(first.pixel(70, 30)[3] == 0)   // beyond the layer
        CATransaction.setDisableActions(true)
        dot.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        AnimationHost.shared.tick()
        let second = try renderer.render(at: 0)
        #expect(second.pixel(70, 30) == [230, 26, 102, 255])  // drawn again, larger
    }

    /// A CATransformLayer cube: six double-sided faces in the transform layer's shared
    /// 3-D space, turning about y under a tilted perspective; nearer faces cover farther
    /// ones (depth-sorted), rather than being flattened in tree order.
    @Test func transformLayerCube() throws {
        let root = TestScene.root(width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = CATransform3DRotate(perspective, -0.45, 1, 0, 0)
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        let colors: [(CGFloat, CGFloat, CGFloat)] = [(0.9, 0.2, 0.2), (0.2, 0.6, 0.9), (0.3, 0.8, 0.3),
                                                     (0.95, 0.8, 0.2), (0.6, 0.3, 0.8), (0.95, 0.5, 0.1)]
        let turns: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [(0, 0, 1, 0), (.pi, 0, 1, 0), (.pi / 2, 0, 1, 0),
                                                             (-.pi / 2, 0, 1, 0), (.pi / 2, 1, 0, 0), (-.pi / 2, 1, 0, 0)]
        for (color, turn) in zip(colors, turns) {
            let face = CALayer()
            face.frame = cube.bounds
            face.backgroundColor = CGColor(srgbRed: color.0, green: color.1, blue: color.2, alpha: 1)
            face.borderWidth = 3
            face.borderColor = CGColor(gray: 0.15, alpha: 1)
            face.transform = CATransform3DTranslate(CATransform3DMakeRotation(turn.0, turn.1, turn.2, turn.3), 0, 0, 50)
            cube.addSublayer(face)
        }
        root.addSublayer(cube)
        AnimationHost.shared.tick()
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi * 2
        spin.duration = 4
        spin.repeatCount = .infinity
        cube.add(spin, forKey: "spin")
        AnimationHost.shared.tick()
        let image = try FilmStrip.render(root, size: CGSize(width: 200, height: 200), times: [0, 0.25, 0.5, 0.75, 1])
        #expect(Golden.compare(image) == nil)
        // At t = 0 the red front face is nearest: it covers the centre, not the blue back.
        let centre = image.pixel(100, 100)
        #expect(centre[0] > 200 && centre[2] < 80)
    }

    /// Two planes of a CATransformLayer crossing in an X (turned ±35° about y through the
    /// same centre line): each is split where they meet, so on the left the red plane
    /// is in front and on the right the blue one, whatever their tree order.
    @Test func transformLayerIntersectingPlanes() throws {
        let root = TestScene.root(width: 200, height: 120)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        root.sublayerTransform = CATransform3DRotate(perspective, -0.5, 1, 0, 0)
        let cross = CATransformLayer()
        cross.frame = CGRect(x: 40, y: 20, width: 120, height: 80)
        for (angle, color) in [(CGFloat(0.6), CGColor(srgbRed: 0.9, green: 0.2, blue: 0.2, alpha: 1)),
                               (-0.6, CGColor(srgbRed: 0.2, green: 0.4, blue: 0.9, alpha: 1))] {
            let plane = CALayer()
            plane.frame = cross.bounds
            plane.backgroundColor = color
            plane.borderWidth = 2
            plane.borderColor = CGColor(gray: 0.1, alpha: 1)
            plane.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            cross.addSublayer(plane)
        }
        root.addSublayer(cross)
        AnimationHost.shared.tick()
        let image = try FilmStrip.render(root, size: CGSize(width: 200, height: 120), times: [0])
        #expect(Golden.compare(image) == nil)
        // Turned by +0.6 the red plane's left half comes forward; the blue one's right half.
        let left = image.pixel(70, 60), right = image.pixel(130, 60)
        #expect(left[0] > 180 && left[2] < 90, "left: \(left)")
        #expect(right[2] > 180 && right[0] < 90, "right: \(right)")
    }

    /// A replicator's second instance lies behind and to the right of the first. Flattened,
    /// instances paint in order, so the far blue one covers the near red one where they
    /// overlap; with preservesDepth they share 3-D space and the near red one stays in front.
    @Test(arguments: [false, true])
    func replicatorPreservingDepth(preservesDepth: Bool) throws {
        let root = TestScene.root(width: 120, height: 80)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, -60)
        replicator.instanceColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        (replicator.instanceRedOffset, replicator.instanceBlueOffset) = (-1, 1)
        replicator.preservesDepth = preservesDepth
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 15, width: 60, height: 50)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        replicator.addSublayer(card)
        root.addSublayer(replicator)
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: root, bounds: root.bounds, scale: 1).render(at: 0)
        let overlap = image.pixel(70, 40)
        #expect(preservesDepth ? overlap[0] > 200 && overlap[2] < 50 : overlap[2] > 200 && overlap[0] < 50, "\(overlap)")
        let far = image.pixel(95, 40)  // only the far instance reaches here
        #expect(far[2] > 200 && far[0] < 50, "\(far)")
    }

    /// A CAEmitterLayer fountain: sparks from a point in every direction, falling under
    /// yAcceleration, fading and growing. Particles are a function of the seed and the
    /// time: the same frame renders the same twice, another seed differs.
    @Test func emitterParticles() throws {
        func fountain(seed: UInt32) throws -> CGImage {
            AnimationHost.shared.reset(time: 0)
            let sprite = try CGContext(width: 16, height: 16)
            sprite.setFillColor(CGColor(gray: 1, alpha: 1))
            sprite.fillEllipse(in: CGRect(x: 2, y: 2, width: 12, height: 12))
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
            let emitter = CAEmitterLayer()
            emitter.frame = root.bounds
            emitter.emitterPosition = CGPoint(x: 100, y: 80)
            emitter.seed = seed
            let spark = CAEmitterCell()
            spark.contents = try CARenderer.image(of: sprite)
            spark.birthRate = 40
            spark.lifetime = 2
            spark.velocity = 70
            spark.velocityRange = 20
            spark.emissionRange = 2 * .pi
            spark.yAcceleration = 60
            spark.scale = 0.6
            spark.scaleSpeed = -0.2
            spark.alphaSpeed = -0.4
            spark.color = CGColor(srgbRed: 1, green: 0.6, blue: 0.2, alpha: 1)
            spark.greenRange = 0.3
            emitter.emitterCells = [spark]
            root.addSublayer(emitter)
            AnimationHost.shared.tick()
            return try FilmStrip.render(root, size: CGSize(width: 200, height: 200), times: [0.25, 0.5, 1, 1.5, 2.5])
        }
        let image = try fountain(seed: 7)
        #expect(Golden.compare(image) == nil)
        #expect(try fountain(seed: 7).premultipliedBytes == image.premultipliedBytes)
        #expect(try fountain(seed: 8).premultipliedBytes != image.premultipliedBytes)
    }

    /// Fireworks from sub-cells: rockets (not drawn) leave a fading trail and burst into
    /// sparks one second into their flight, where they are at that moment.
    @Test func emitterFireworks() throws {
        AnimationHost.shared.reset(time: 0)
        let dot = try CGContext(width: 8, height: 8)
        dot.setFillColor(CGColor(gray: 1, alpha: 1))
        dot.fillEllipse(in: CGRect(x: 1, y: 1, width: 6, height: 6))
        let image = try CARenderer.image(of: dot)
        let root = TestScene.root(width: 200, height: 200, gray: 0.05)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 100, y: 195)
        emitter.seed = 3
        let trail = CAEmitterCell()
        (trail.contents, trail.birthRate, trail.lifetime, trail.scale, trail.alphaSpeed) = (image, 40, 0.5, 0.4, -2)
        trail.color = CGColor(srgbRed: 1, green: 0.9, blue: 0.6, alpha: 1)
        let sparks = CAEmitterCell()
        (sparks.contents, sparks.birthRate, sparks.lifetime, sparks.velocity) = (image, 800, 1.2, 55)
        (sparks.beginTime, sparks.duration, sparks.emissionRange) = (1, 0.05, 2 * .pi)
        (sparks.yAcceleration, sparks.alphaSpeed, sparks.scale, sparks.velocityRange) = (40, -0.8, 0.6, 15)
        sparks.color = CGColor(srgbRed: 1, green: 0.4, blue: 0.3, alpha: 1)
        (sparks.greenRange, sparks.blueRange) = (0.4, 0.6)
        let rocket = CAEmitterCell()
        (rocket.birthRate, rocket.lifetime, rocket.velocity, rocket.velocityRange) = (0.8, 1.05, 160, 20)
        (rocket.emissionLongitude, rocket.emissionRange, rocket.yAcceleration) = (-.pi / 2, 0.6, 60)
        rocket.emitterCells = [trail, sparks]
        emitter.emitterCells = [rocket]
        root.addSublayer(emitter)
        AnimationHost.shared.tick()
        let strip = try FilmStrip.render(root, size: CGSize(width: 200, height: 200), times: [0.5, 1, 1.4, 2, 2.6])
        #expect(Golden.compare(strip) == nil)
        // At 0.5 s only the first rocket's trail is up; at 1.4 s its burst is out.
        func lit(_ frame: Int) -> Int {
            var count = 0
            for y in 0..<200 { for x in 0..<200 where strip.pixel(frame * 200 + x, y)[0] > 100 { count += 1 } }
            return count
        }
        #expect(lit(0) > 0 && lit(2) > 4 * lit(0))
    }

    /// Shadows with rounded clipping: a shadowed container around a rounded masksToBounds
    /// layer (its overflowing stripe clipped, the shadow outside); a single layer with
    /// both, whose shadow masksToBounds clips away as on iOS; a shadowPath (an ellipse
    /// under a square) giving the shadow its own shape.
    @Test func roundedClipWithShadow() throws {
        let root = TestScene.root(width: 330, height: 130, gray: 0.96)
        func card(x: CGFloat) -> CALayer {
            let card = CALayer()
            card.frame = CGRect(x: x, y: 20, width: 90, height: 80)
            card.cornerRadius = 16
            card.backgroundColor = CGColor(gray: 1, alpha: 1)
            card.shadowOpacity = 0.5
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 6)
            root.addSublayer(card)
            return card
        }
        func stripe() -> CALayer {
            let stripe = CALayer()
            stripe.frame = CGRect(x: -20, y: 40, width: 130, height: 60)
            stripe.backgroundColor = CGColor(srgbRed: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            return stripe
        }
        let container = card(x: 15)
        let clip = CALayer()
        clip.frame = container.bounds
        clip.cornerRadius = 16
        clip.masksToBounds = true
        clip.addSublayer(stripe())
        container.addSublayer(clip)
        let single = card(x: 120)
        single.masksToBounds = true
        single.addSublayer(stripe())
        let shaped = card(x: 225)
        shaped.cornerRadius = 0
        shaped.shadowPath = CGPath(ellipseIn: CGRect(x: 5, y: 60, width: 80, height: 30), transform: nil)
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: root, bounds: root.bounds).render(at: 0)
        #expect(Golden.compare(image) == nil)
        // Below the first card its shadow shows; below the second, none does.
        #expect(image.pixel(60, 106)[0] < 220)
        #expect(image.pixel(165, 106) == [245, 245, 245, 255])
        // The shadowPath's ellipse shows below the third card's bottom edge, centred.
        #expect(image.pixel(270, 112)[0] < 220)
        #expect(image.pixel(230, 124)[0] > 235)
    }

    /// Mask cycles are refused with a diagnostic (a layer masking itself, its mask's mask
    /// being the layer, a sublayer as the mask) and the tree still renders.
    /// A layer at opacity 0.6 that shows one paint (its rounded background) is pixel for
    /// pixel what Core Graphics draws for the same outline at alpha 0.6. Such a layer is
    /// drawn straight, without a group; a group, where one is needed, is bounded with room
    /// to spare so its bound's anti-aliased edge never thins the content's edge (it used to
    /// square the edge's coverage; with a group forced and no room, this test fails).
    @Test func aSinglePaintLayerIsDrawnStraightAtItsOpacity() throws {
        let root = TestScene.root(width: 60, height: 60, gray: 0.2)
        let bar = CALayer()
        bar.frame = CGRect(x: 20.3, y: 10.6, width: 18, height: 38)
        bar.cornerRadius = 6
        bar.backgroundColor = CGColor(srgbRed: 0.3, green: 0.8, blue: 1, alpha: 1)
        bar.opacity = 0.6
        bar.setAffineTransform(CGAffineTransform(rotationAngle: 0.4))
        root.addSublayer(bar)
        let image = try CARenderer(layer: root, bounds: root.bounds).render(at: 0)
        let expected = try CGContext.image(width: 60, height: 60) { c in
            c.setFillColor(CGColor(gray: 0.2, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: 60, height: 60))
            c.translateBy(x: bar.position.x, y: bar.position.y)
            c.rotate(by: 0.4)
            c.setAlpha(0.6)
            c.setFillColor(CGColor(srgbRed: 0.3, green: 0.8, blue: 1, alpha: 1))
            c.addPath(CGPath(roundedRect: CGRect(x: -9, y: -19, width: 18, height: 38), cornerWidth: 6, cornerHeight: 6, transform: nil))
            c.fillPath()
        }
        var largest = 0
        for y in 0..<60 {
            for x in 0..<60 {
                largest = max(largest, zip(image.pixel(x, y), expected.pixel(x, y)).map { abs(Int($0) - Int($1)) }.max()!)
            }
        }
        #expect(largest <= 1)
    }

    /// `render(at:into:)` draws the same frame as `render(at:)` into a context it is given,
    /// replacing what was there, and leaves the context's transform as it was.
    @Test func renderingIntoAContextReplacesItsPixels() throws {
        let root = TestScene.root(width: 40, height: 30, gray: nil)
        let square = CALayer()
        square.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        square.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.5)
        root.addSublayer(square)
        let renderer = CARenderer(layer: root, bounds: root.bounds, scale: 2)
        let context = try CGContext(width: 80, height: 60)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 80, height: 60))
        context.translateBy(x: 7, y: 3)
        renderer.render(at: 0, into: context)
        #expect(context.ctm == CGAffineTransform(translationX: 7, y: 3))
        let drawn = try CARenderer.image(of: context), expected = try renderer.render(at: 0)
        #expect(drawn.pixel(0, 0) == [0, 0, 0, 0])
        #expect(drawn.pixel(20, 20) == [128, 0, 0, 128])
        #expect(drawn.premultipliedBytes == expected.premultipliedBytes)
    }

    /// Frames rendered one after another into one context replace all its pixels, though
    /// a frame clears only what the renderer's last frame there could have changed: a
    /// square moving across a transparent root (which paints nothing itself) beside one
    /// that stays leaves no trace, frame after frame, and each frame is byte for byte a
    /// fresh render. Once
    /// anything else writes the pixels — a draw into the context, or code holding its
    /// `data` — the next frame clears them all.
    @Test func framesInOneContextClearWhatTheLastOneDrew() throws {
        let root = TestScene.root(width: 60, height: 40, gray: nil)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = CGColor(srgbRed: 0, green: 0.5, blue: 1, alpha: 1)
        root.addSublayer(square)
        // A second square that stays put: the frame's reaches are the two squares'.
        let still = CALayer()
        still.frame = CGRect(x: 52, y: 1, width: 6, height: 6)
        still.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.5)
        root.addSublayer(still)
        let renderer = CARenderer(layer: root, bounds: root.bounds)
        let context = try CGContext(width: 60, height: 40)
        func frame(at position: CGPoint) throws -> (drawn: CGImage, fresh: CGImage) {
            TestScene.changing { square.position = position }
            renderer.render(at: 0, into: context)
            return (try CARenderer.image(of: context), try CARenderer(layer: root, bounds: root.bounds).render(at: 0))
        }
        for position in [CGPoint(x: 10, y: 10), CGPoint(x: 45, y: 28), CGPoint(x: 30.5, y: 20.25), CGPoint(x: 12, y: 30)] {
            let (drawn, fresh) = try frame(at: position)
            #expect(drawn.premultipliedBytes == fresh.premultipliedBytes, "square at \(position)")
        }
        #expect(try frame(at: CGPoint(x: 50, y: 10)).drawn.pixel(12, 30) == [0, 0, 0, 0])
        // A draw into the context far from the square: the next frame clears it.
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        let (afterDraw, freshAfterDraw) = try frame(at: CGPoint(x: 50, y: 12))
        #expect(afterDraw.pixel(2, 2) == [0, 0, 0, 0] && afterDraw.premultipliedBytes == freshAfterDraw.premultipliedBytes)
        // Pixels written through `data`, before and after it is handed out.
        let pixels = try #require(context.data).assumingMemoryBound(to: UInt8.self)
        renderer.render(at: 0, into: context)
        pixels[(35 * 60 + 3) * 4 + 3] = 255
        let (afterData, freshAfterData) = try frame(at: CGPoint(x: 50, y: 14))
        #expect(afterData.pixel(3, 35) == [0, 0, 0, 0] && afterData.premultipliedBytes == freshAfterData.premultipliedBytes)
    }

    /// A frame whose bounds or corner radius are animated draws the animated outline, not
    /// the committed one (whose path a committed layer keeps made): halfway through, the
    /// same pixels as a layer committed with the halfway values.
    @Test(arguments: ["cornerRadius", "bounds.size.width"])
    func animatedOutlinesAreDrawnAsTheyStandAtTheFrame(_ keyPath: String) throws {
        func render(animated: Bool) throws -> CGImage {
            let root = TestScene.root(width: 60, height: 40)
            let tile = CALayer()
            tile.bounds = CGRect(x: 0, y: 0, width: animated ? 20 : 30, height: 30)
            tile.position = CGPoint(x: 30, y: 20)
            tile.cornerRadius = animated ? 0 : 8
            tile.masksToBounds = true
            tile.backgroundColor = CGColor(srgbRed: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            if keyPath == "cornerRadius" { tile.bounds.size.width = 30 } else { tile.cornerRadius = 8 }
            root.addSublayer(tile)
            AnimationHost.shared.tick()
            if animated {
                let change = CABasicAnimation(keyPath: keyPath)
                change.fromValue = keyPath == "cornerRadius" ? 0 : 20
                change.toValue = keyPath == "cornerRadius" ? 16 : 40
                change.duration = 1
                tile.add(change, forKey: "change")
                AnimationHost.shared.tick()
            }
            return try CARenderer(layer: root, bounds: root.bounds).render(at: 0.5)
        }
        let animated = try render(animated: true), still = try render(animated: false)
        #expect(animated.premultipliedBytes == still.premultipliedBytes)
        #expect(animated.pixel(15, 5) == [255, 255, 255, 255])  // outside the rounded corner
    }

    @Test func maskCyclesAreRefused() throws {
        let layer = TestScene.root(width: 20, height: 20, gray: 0)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        let child = CALayer()
        layer.addSublayer(child)
        let messages = TestScene.diagnostics {
            layer.mask = layer
            layer.mask = mask
            mask.mask = layer
            layer.mask = child
        }
        #expect(messages.count == 3)
        #expect(layer.mask === mask && mask.mask == nil)
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: layer, bounds: layer.bounds).render(at: 0)
        #expect(image.pixel(5, 10) == [0, 0, 0, 255])   // inside the mask
        #expect(image.pixel(15, 10)[3] == 0)            // outside it
    }

    /// Empty, absurd and non-finite sizes are typed errors, never a trap.
    @Test func badSizesThrow() {
        let layer = CALayer()
        for bounds in [CGRect.zero, CGRect(x: 0, y: 0, width: 1e300, height: 10),
                       CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10), CGRect(x: 0, y: 0, width: 100_000, height: 100_000)] {
            #expect(throws: GraphicsError.self) { try CARenderer(layer: layer, bounds: bounds).render(at: 0) }
        }
    }
}
