import Flipbook
import FlipbookTestSupport
import Testing

/// `CARenderer` shares a frame between its threads in bands, each drawing the whole
/// tree: the frame must not depend on the thread count. A layer showing only a picture
/// in perspective is mapped straight onto the screen, as Core Animation maps a texture.
@MainActor
@Suite(.serialized) struct LayerBandRenderingTests {
    static let picture: CGImage = try! CGContext.image(width: 64, height: 40) { c in
        c.setFillColor(CGColor(srgbRed: 0.9, green: 0.3, blue: 0.1, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 64, height: 40))
        c.setFillColor(CGColor(srgbRed: 0.1, green: 0.3, blue: 0.9, alpha: 1))
        c.fillEllipse(in: CGRect(x: 12, y: 6, width: 40, height: 28))
    }

    /// A root whose sublayers are seen in perspective from `distance` points away.
    func perspectiveRoot(width: CGFloat, height: CGFloat, gray: CGFloat, distance: CGFloat) -> CALayer {
        let root = TestScene.root(width: width, height: height, gray: gray)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / distance
        root.sublayerTransform = perspective
        return root
    }

    /// Shadows, rounded clips, group opacity, a mask and planes in perspective.
    func scene() -> CALayer {
        let root = perspectiveRoot(width: 240, height: 180, gray: 0.95, distance: 300)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 100, height: 70)
        card.backgroundColor = CGColor(srgbRed: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        card.cornerRadius = 14
        card.shadowOpacity = 0.6
        card.shadowRadius = 7
        card.shadowOffset = CGSize(width: 3, height: 8)
        card.opacity = 0.85
        let stripe = CALayer()
        stripe.frame = CGRect(x: -10, y: 30, width: 120, height: 30)
        stripe.backgroundColor = CGColor(srgbRed: 1, green: 0.8, blue: 0.2, alpha: 1)
        card.addSublayer(stripe)
        card.masksToBounds = false
        root.addSublayer(card)
        let face = CALayer()
        face.frame = CGRect(x: 130, y: 30, width: 96, height: 60)
        face.contents = Self.picture
        face.transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
        root.addSublayer(face)
        let framed = CALayer()
        framed.frame = CGRect(x: 40, y: 100, width: 120, height: 70)
        framed.contents = Self.picture
        framed.borderWidth = 3
        framed.borderColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        framed.transform = CATransform3DMakeRotation(-0.6, 1, 0, 0)
        let mask = CALayer()
        mask.frame = framed.bounds.insetBy(dx: 10, dy: 5)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        mask.cornerRadius = 20
        framed.mask = mask
        root.addSublayer(framed)
        return root
    }

    @Test(arguments: [2, 3, 7])
    func framesAreByteIdenticalOnAnyThreadCount(threads: Int) throws {
        let root = scene()
        let renderer = CARenderer(layer: root, bounds: root.bounds, scale: 1)
        renderer.maximumThreadCount = 1
        let one = try renderer.render(at: 0)
        renderer.maximumThreadCount = threads
        let many = try renderer.render(at: 0)
        #expect(one.pixel(60, 55) != [242, 242, 242, 255])
        let differing = zip(one.premultipliedBytes, many.premultipliedBytes).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ on \(threads) threads")
    }

    /// A picture-only face turned in perspective looks like the same face drawn through
    /// an offscreen plane (which an empty sublayer forces), without its second resampling.
    @Test func aPictureInPerspectiveIsMappedStraight() throws {
        func render(forcingPlane: Bool) throws -> CGImage {
            let root = perspectiveRoot(width: 160, height: 120, gray: 1, distance: 250)
            let face = CALayer()
            face.frame = CGRect(x: 24, y: 20, width: 112, height: 80)
            face.contents = Self.picture
            face.transform = CATransform3DMakeRotation(0.8, 1, 0.3, 0)
            if forcingPlane { face.addSublayer(CALayer()) }
            root.addSublayer(face)
            return try CARenderer(layer: root, bounds: root.bounds, scale: 1).render(at: 0)
        }
        let straight = try render(forcingPlane: false), plane = try render(forcingPlane: true)
        var total = 0, largest = 0
        for y in 0..<120 {
            for x in 0..<160 {
                let d = zip(straight.pixel(x, y), plane.pixel(x, y)).map { abs(Int($0) - Int($1)) }.max()!
                total += d
                largest = max(largest, d)
            }
        }
        // The same picture in the same place: differences are resampling at edges.
        #expect(Double(total) / Double(160 * 120) < 1.5)
        #expect(largest > 0, "both paths drew through the plane")
        #expect(straight.pixel(80, 60) == plane.pixel(80, 60))
    }

    /// Rounded bounds that clip the contents keep their corners: such a layer still goes
    /// through the plane, where the clip is drawn.
    @Test func roundedClippedContentsKeepTheirCorners() throws {
        let root = perspectiveRoot(width: 120, height: 90, gray: 1, distance: 400)
        let face = CALayer()
        face.frame = CGRect(x: 10, y: 10, width: 100, height: 70)
        face.contents = Self.picture
        face.cornerRadius = 20
        face.masksToBounds = true
        face.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        root.addSublayer(face)
        let image = try CARenderer(layer: root, bounds: root.bounds, scale: 1).render(at: 0)
        #expect(image.pixel(60, 45) != [255, 255, 255, 255])
        for (x, y) in [(13, 13), (106, 13), (13, 76), (106, 76)] {
            #expect(image.pixel(x, y) == [255, 255, 255, 255], "corner (\(x), \(y))")
        }
    }
}
