import Flipbook
import FlipbookGraphics
import FlipbookTestSupport
import Testing

/// A renderer drawing frames into one context draws a frame only when it differs from the
/// one the context shows: `CARenderer.render(at:into:)` promises every pixel of the
/// presentation, so a frame is right exactly when it is byte for byte a fresh render. A
/// frame left undrawn shows as a context whose write stamp did not move.
@MainActor
@Suite(.serialized) struct UnchangedFrameTests {
    /// A scene on a light grey root with every kind of paint: background, border, rounded
    /// corners and a shadow cast by a card and the badge sticking out of it;
    /// contents; a filled and dashed stroked shape; a gradient; text; a shadow path; a
    /// shape mask.
    @MainActor final class Scene {
        let root = TestScene.root(width: 80, height: 60, gray: 0.9)
        let card = CALayer(), badge = CALayer(), picture = CALayer(), shape = CAShapeLayer(), gradient = CAGradientLayer()
        let text = CATextLayer(), shadowed = CALayer(), masked = CALayer(), mask = CAShapeLayer()
        let image: CGImage, otherImage: CGImage

        init() throws {
            image = try Self.image(left: [1, 0, 0], right: [0, 0, 1])
            otherImage = try Self.image(left: [0, 1, 0], right: [0, 0, 1])
            card.frame = CGRect(x: 4, y: 4, width: 20, height: 14)
            card.backgroundColor = CGColor(srgbRed: 0.9, green: 0.6, blue: 0.1, alpha: 1)
            card.borderColor = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.7, alpha: 1)
            card.borderWidth = 2
            card.cornerRadius = 4
            card.shadowOpacity = 0.5
            card.shadowRadius = 1
            // A badge sticking out of the card, under its shadow.
            badge.frame = CGRect(x: 14, y: 8, width: 10, height: 10)
            badge.backgroundColor = CGColor(srgbRed: 0.2, green: 0.8, blue: 0.2, alpha: 1)
            card.addSublayer(badge)
            picture.frame = CGRect(x: 28, y: 4, width: 24, height: 14)
            picture.contents = image
            picture.contentsGravity = .center
            picture.contentsScale = 0.5
            shape.frame = CGRect(x: 56, y: 4, width: 20, height: 20)
            let triangle = CGMutablePath()
            triangle.addLines(between: [CGPoint(x: 2, y: 18), CGPoint(x: 10, y: 2), CGPoint(x: 18, y: 18)])
            triangle.closeSubpath()
            shape.path = triangle
            shape.fillColor = CGColor(srgbRed: 0.2, green: 0.7, blue: 0.3, alpha: 1)
            shape.strokeColor = CGColor(srgbRed: 0.3, green: 0.1, blue: 0.5, alpha: 1)
            shape.lineWidth = 2
            shape.lineDashPattern = [4, 2]
            gradient.frame = CGRect(x: 4, y: 28, width: 24, height: 14)
            gradient.colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)]
            text.frame = CGRect(x: 30, y: 28, width: 24, height: 14)
            text.string = "Hi"
            text.fontSize = 10
            text.foregroundColor = CGColor(gray: 0, alpha: 1)
            shadowed.frame = CGRect(x: 58, y: 30, width: 14, height: 10)
            shadowed.backgroundColor = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.9, alpha: 1)
            shadowed.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 14, height: 10), transform: nil)
            shadowed.shadowOpacity = 1
            shadowed.shadowOffset = CGSize(width: 2, height: 3)
            shadowed.shadowRadius = 0
            masked.frame = CGRect(x: 4, y: 46, width: 30, height: 12)
            masked.backgroundColor = CGColor(srgbRed: 0.8, green: 0.2, blue: 0.6, alpha: 1)
            mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 12), transform: nil)
            masked.mask = mask
            for layer in [card, picture, shape, gradient, text, shadowed, masked] { root.addSublayer(layer) }
        }

        /// A 4 × 2 image, its left half one colour and its right half another.
        static func image(left: SIMD3<Double>, right: SIMD3<Double>) throws -> CGImage {
            let context = try CGContext(width: 4, height: 2)
            for (x, c) in [(0, left), (2, right)] {
                context.setFillColor(CGColor(srgbRed: c.x, green: c.y, blue: c.z, alpha: 1))
                context.fill(CGRect(x: x, y: 0, width: 2, height: 2))
            }
            return try CARenderer.image(of: context)
        }
    }

    /// Renders `root` at `time` into `context` and says whether the renderer drew, and
    /// whether the context then holds a fresh render's bytes.
    func render(_ renderer: CARenderer, at time: Double, into context: CGContext) throws -> (drew: Bool, right: Bool) {
        let stamp = context.writeStamp
        renderer.render(at: time, into: context)
        let fresh = try CARenderer(layer: renderer.layer, bounds: renderer.bounds, scale: renderer.scale).render(at: time)
        return (context.writeStamp != stamp, try CARenderer.image(of: context).premultipliedBytes == fresh.premultipliedBytes)
    }

    /// Nothing changed: the second frame, at a later time, is not drawn, and the context
    /// still holds it. A draw into the context between frames, or its memory handed out,
    /// makes the next frame draw.
    @Test func aFrameLikeTheLastIsNotDrawnAgain() throws {
        let scene = try Scene()
        AnimationHost.shared.tick()
        let renderer = CARenderer(layer: scene.root, bounds: scene.root.bounds)
        let context = try CGContext(width: 80, height: 60)
        #expect(try render(renderer, at: 0, into: context) == (true, true))
        #expect(try render(renderer, at: 1, into: context) == (false, true))
        // Another renderer of the same tree into the same context draws: it did not draw
        // what the context shows.
        let other = CARenderer(layer: scene.root, bounds: scene.root.bounds)
        #expect(try render(other, at: 1, into: context) == (true, true))
        #expect(try render(renderer, at: 1, into: context) == (true, true))
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        #expect(try render(renderer, at: 2, into: context) == (true, true))
        // Once code holds the context's memory, the renderer cannot know what it shows.
        let pixels = try #require(context.data).assumingMemoryBound(to: UInt8.self)
        #expect(try render(renderer, at: 3, into: context).right)
        pixels[0] = 0
        #expect(try render(renderer, at: 4, into: context).right)
    }

    /// One value changed between two frames: `setup` readies the scene for it before the
    /// first frame, `body` changes it.
    struct Change {
        let name: String
        let setup: @MainActor (Scene) -> Void
        let body: @MainActor (Scene) -> Void

        init(_ name: String, setup: @escaping @MainActor (Scene) -> Void = { _ in }, _ body: @escaping @MainActor (Scene) -> Void) {
            self.name = name
            self.setup = setup
            self.body = body
        }
    }

    static let changes: [Change] = [
        Change("background colour") { $0.card.backgroundColor = CGColor(srgbRed: 0.9, green: 0.6, blue: 0.2, alpha: 1) },
        Change("bounds") { $0.card.bounds.size.width = 18 },
        Change("position") { $0.card.position.x += 0.5 },
        Change("corner radius") { $0.card.cornerRadius = 6 },
        Change("masked corners") { $0.card.maskedCorners = [.layerMinXMinYCorner] },
        Change("border width") { $0.card.borderWidth = 3 },
        Change("border colour") { $0.card.borderColor = CGColor(srgbRed: 0.1, green: 0.3, blue: 0.7, alpha: 1) },
        Change("shadow radius") { $0.card.shadowRadius = 2 },
        Change("shadow offset") { $0.card.shadowOffset = CGSize(width: 1, height: -2) },
        Change("shadow colour") { $0.card.shadowColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1) },
        Change("shadow opacity") { $0.card.shadowOpacity = 0.75 },
        Change("opacity") { $0.card.opacity = 0.5 },
        Change("transform") { $0.card.transform = CATransform3DMakeRotation(0.1, 0, 0, 1) },
        Change("hidden") { $0.card.isHidden = true },
        Change("a sublayer's alpha under a shadow") { $0.badge.backgroundColor = CGColor(srgbRed: 0.2, green: 0.8, blue: 0.2, alpha: 0.2) },
        Change("blend mode") { $0.card.compositingFilter = "differenceBlendMode" },
        Change("contents") { $0.picture.contents = $0.otherImage },
        Change("contents rect") { $0.picture.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1) },
        Change("contents centre", setup: { $0.picture.contentsGravity = .resize }) {
            $0.picture.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        },
        Change("contents scale") { $0.picture.contentsScale = 1 },
        Change("contents gravity") { $0.picture.contentsGravity = .left },
        Change("magnification filter") { $0.picture.magnificationFilter = .nearest },
        Change("masks to bounds", setup: { $0.picture.contentsScale = 0.125 }) { $0.picture.masksToBounds = true },
        Change("path") { $0.shape.path = CGPath(rect: CGRect(x: 2, y: 2, width: 16, height: 16), transform: nil) },
        Change("fill colour") { $0.shape.fillColor = CGColor(srgbRed: 0.2, green: 0.7, blue: 0.4, alpha: 1) },
        Change("fill rule", setup: {
            let star = CGMutablePath()
            star.addLines(between: [CGPoint(x: 2, y: 6), CGPoint(x: 18, y: 6), CGPoint(x: 4, y: 18), CGPoint(x: 10, y: 0),
                                    CGPoint(x: 16, y: 18)])
            star.closeSubpath()
            $0.shape.path = star
        }) { $0.shape.fillRule = .evenOdd },
        Change("stroke colour") { $0.shape.strokeColor = CGColor(srgbRed: 0.3, green: 0.1, blue: 0.6, alpha: 1) },
        Change("line width") { $0.shape.lineWidth = 3 },
        Change("line cap", setup: {
            $0.shape.lineDashPattern = nil
            let line = CGMutablePath()
            line.addLines(between: [CGPoint(x: 10, y: 4), CGPoint(x: 10, y: 16)])
            $0.shape.path = line
        }) { $0.shape.lineCap = .round },
        Change("line join", setup: { $0.shape.lineDashPattern = nil }) { $0.shape.lineJoin = .bevel },
        Change("miter limit", setup: { $0.shape.lineDashPattern = nil; $0.shape.lineWidth = 4 }) { $0.shape.miterLimit = 1 },
        Change("dashes") { $0.shape.lineDashPattern = [3, 3] },
        Change("dash phase") { $0.shape.lineDashPhase = 1 },
        Change("stroke start") { $0.shape.strokeStart = 0.2 },
        Change("stroke end") { $0.shape.strokeEnd = 0.8 },
        Change("gradient colours") {
            $0.gradient.colors = [CGColor(srgbRed: 1, green: 1, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)]
        },
        Change("gradient locations") { $0.gradient.locations = [0.25, 0.75] },
        Change("gradient start") { $0.gradient.startPoint = CGPoint(x: 0, y: 0) },
        Change("gradient end") { $0.gradient.endPoint = CGPoint(x: 1, y: 0.5) },
        Change("gradient type") { $0.gradient.type = .radial },
        Change("string") { $0.text.string = "Ho" },
        Change("font size") { $0.text.fontSize = 12 },
        Change("foreground colour") { $0.text.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1) },
        Change("alignment") { $0.text.alignmentMode = .right },
        Change("shadow path") { $0.shadowed.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil) },
        Change("path shadow offset") { $0.shadowed.shadowOffset = CGSize(width: 3, height: 3) },
        Change("path shadow radius") { $0.shadowed.shadowRadius = 1 },
        Change("path shadow colour") { $0.shadowed.shadowColor = CGColor(srgbRed: 0, green: 0.5, blue: 0, alpha: 1) },
        // Two places apart, and two whose reaches overlap.
        Change("two layers apart") {
            $0.card.backgroundColor = CGColor(srgbRed: 0.9, green: 0.6, blue: 0.2, alpha: 1)
            $0.shape.fillColor = CGColor(srgbRed: 0.2, green: 0.7, blue: 0.4, alpha: 1)
        },
        Change("two layers reaching over each other") {
            $0.card.backgroundColor = CGColor(srgbRed: 0.9, green: 0.6, blue: 0.2, alpha: 1)
            $0.picture.contents = $0.otherImage
        },
        Change("mask path") { $0.mask.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 12), transform: nil) },
    ]

    /// Every value a paint draws with, changed alone between two frames, makes the second
    /// frame draw, and draw right.
    @Test func everyChangeIsDrawn() throws {
        for change in Self.changes {
            let scene = try Scene()
            TestScene.changing { change.setup(scene) }
            AnimationHost.shared.tick()
            let renderer = CARenderer(layer: scene.root, bounds: scene.root.bounds)
            let context = try CGContext(width: 80, height: 60)
            renderer.render(at: 0, into: context)
            let before = try CARenderer.image(of: context).premultipliedBytes
            TestScene.changing { change.body(scene) }
            let (drew, right) = try render(renderer, at: 0, into: context)
            #expect(drew && right, "\(change.name)")
            #expect(try CARenderer.image(of: context).premultipliedBytes != before, "\(change.name) changes no pixel")
        }
    }

    /// Two translucent rectangles on a clear root, overlapping, change colour together: the
    /// frame is drawn where they were and are, each pixel once (drawn twice, the overlap
    /// would be composited twice), in two bands on two threads (the place is over 64
    /// pixels tall at scale 2).
    @Test func placesThatOverlapAreDrawnOnce() throws {
        let root = TestScene.root(width: 80, height: 60, gray: nil)
        let squares = [CGRect(x: 10, y: 5, width: 20, height: 40), CGRect(x: 25, y: 10, width: 20, height: 40),
                       CGRect(x: 60, y: 40, width: 10, height: 10)].map { frame in
            let square = CALayer()
            square.frame = frame
            square.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5)
            root.addSublayer(square)
            return square
        }
        AnimationHost.shared.tick()
        let renderer = CARenderer(layer: root, bounds: root.bounds, scale: 2)
        renderer.maximumThreadCount = 2
        let context = try CGContext(width: 160, height: 120)
        renderer.render(at: 0, into: context)
        TestScene.changing {
            for square in squares.prefix(2) { square.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.5) }
        }
        #expect(try render(renderer, at: 0, into: context) == (true, true))
    }

    /// What time changes though every layer's values stay — particles, and a replicator's
    /// instances running a finished animation behind — is drawn at each new time; an
    /// image rendered in between does not change what the context is known to show.
    @Test func whatTimeAloneChangesIsDrawn() throws {
        let root = TestScene.root(width: 80, height: 60, gray: nil)
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 40, height: 60)
        emitter.emitterPosition = CGPoint(x: 20, y: 30)
        let spark = CAEmitterCell()
        spark.contents = try Scene.image(left: [1, 1, 0], right: [1, 0, 0])
        spark.birthRate = 20
        spark.lifetime = 3
        spark.velocity = 15
        spark.emissionRange = 2 * .pi
        emitter.emitterCells = [spark]
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 40, y: 0, width: 40, height: 60)
        replicator.instanceCount = 3
        replicator.instanceDelay = 1
        replicator.instanceTransform = CATransform3DMakeTranslation(0, 18, 0)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 2, width: 10, height: 10)
        dot.backgroundColor = CGColor(srgbRed: 0, green: 0.4, blue: 1, alpha: 1)
        replicator.addSublayer(dot)
        root.addSublayer(emitter)
        root.addSublayer(replicator)
        AnimationHost.shared.tick()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 5
        slide.toValue = 30
        slide.duration = 1
        slide.fillMode = .both
        slide.isRemovedOnCompletion = false
        dot.add(slide, forKey: "slide")
        AnimationHost.shared.tick()
        let renderer = CARenderer(layer: root, bounds: root.bounds)
        let context = try CGContext(width: 80, height: 60)
        for time in [1.5, 2.0, 2.25, 2.5] {
            #expect(try render(renderer, at: time, into: context) == (true, true), "at \(time)")
        }
        // Without particles, the replicator alone: the dot's own values hold from t = 1.
        emitter.removeFromSuperlayer()
        AnimationHost.shared.tick()
        #expect(try render(renderer, at: 1.5, into: context) == (true, true))
        #expect(try render(renderer, at: 2.5, into: context) == (true, true))
        #expect(try render(renderer, at: 3.5, into: context) == (true, true))
        #expect(try render(renderer, at: 4, into: context) == (false, true))
        // An image of another time rendered between two frames into the context.
        _ = try renderer.render(at: 1.5)
        #expect(try render(renderer, at: 4, into: context) == (false, true))
        _ = try renderer.render(at: 1.5)
        #expect(try render(renderer, at: 1.5, into: context) == (true, true))
        #expect(try render(renderer, at: 1.5, into: context) == (false, true))
    }

    /// An animation holding its value draws nothing between frames; moving, it draws. A
    /// gradient's animated locations are drawn from the frame's values, not from a
    /// gradient made at commit.
    @Test(arguments: ["position.x", "locations"])
    func aHeldAnimationIsNotDrawnAgain(_ keyPath: String) throws {
        let scene = try Scene()
        AnimationHost.shared.tick()
        let move = CAKeyframeAnimation(keyPath: keyPath)
        move.values = keyPath == "locations" ? [[0, 1], [0.5, 1], [0.5, 1], [0.5, 0.75]] : [14, 20, 20, 30]
        move.keyTimes = [0, 0.25, 0.75, 1]
        move.duration = 4
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        (keyPath == "locations" ? scene.gradient : scene.card).add(move, forKey: "move")
        AnimationHost.shared.tick()
        let renderer = CARenderer(layer: scene.root, bounds: scene.root.bounds)
        let context = try CGContext(width: 80, height: 60)
        let frames: [(time: Double, drawn: Bool)] = [(0, true), (0.5, true), (1, true), (2, false), (3, false), (3.5, true),
                                                     (4, true), (5, false), (6, false)]
        for (time, drawn) in frames {
            #expect(try render(renderer, at: time, into: context) == (drawn, true), "at \(time)")
        }
    }
}
