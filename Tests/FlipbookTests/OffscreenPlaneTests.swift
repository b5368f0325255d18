import Flipbook
import FlipbookTestSupport
import Testing

/// A layer under a 3-D transform that needs an offscreen plane (here for an empty
/// sublayer) draws where the same layer drawn straight as outlines does: the plane's whole
/// pixels are mapped back over the area they cover, not squeezed into the layer's extent.
@MainActor
@Suite(.serialized) struct OffscreenPlaneTests {
    private func render(withSublayer: Bool, width: CGFloat) throws -> CGImage {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 420, height: 300)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 40, width: width, height: 217)
        card.backgroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        if withSublayer { card.addSublayer(CALayer()) }
        root.addSublayer(card)
        AnimationHost.shared.tick()
        return try CARenderer(layer: root, bounds: root.bounds, scale: 1.37).render(at: 0)
    }

    /// The coverage's total and centre of mass.
    private func coverage(_ image: CGImage) -> (area: Double, x: Double, y: Double) {
        var area = 0.0, x = 0.0, y = 0.0
        for row in 0..<image.height {
            for column in 0..<image.width {
                let blue = Double(image.pixel(column, row)[2]) / 255
                area += blue; x += blue * Double(column); y += blue * Double(row)
            }
        }
        return (area, x / area, y / area)
    }

    @Test(arguments: [311.0, 333.3, 377.7])
    func anEmptySublayerLeavesTheFrameInPlace(width: Double) throws {
        let plain = coverage(try render(withSublayer: false, width: CGFloat(width)))
        let planed = coverage(try render(withSublayer: true, width: CGFloat(width)))
        #expect(abs(planed.x - plain.x) < 0.08 && abs(planed.y - plain.y) < 0.08, "centre \(plain) → \(planed)")
        #expect(abs(planed.area - plain.area) < 0.001 * plain.area, "area \(plain.area) → \(planed.area)")
    }
}
