import Flipbook
import FlipbookTestSupport
import Testing

/// CAGradientLayer lays its gradient out in the unit square and stretches the square over
/// the bounds, as Apple's does: on a non-square layer the colour lines follow the
/// stretched square, not the bounds' own angles.
@MainActor
@Suite(.serialized) struct GradientLayerGeometryTests {
    private func render(_ type: CAGradientLayerType, start: CGPoint, end: CGPoint) throws -> CGImage {
        AnimationHost.shared.reset(time: 0)
        let layer = CAGradientLayer()
        layer.type = type
        layer.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        layer.colors = [CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)]
        layer.startPoint = start
        layer.endPoint = end
        AnimationHost.shared.tick()
        return try CARenderer(layer: layer, bounds: layer.bounds).render(at: 0)
    }

    /// Corner to corner on 300 × 100: the half-way line joins the other two corners
    /// (before, perpendicular to the diagonal, they were 229 and 26).
    @Test func axialRunsInTheUnitSquare() throws {
        let image = try render(.axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 1))
        let middle = Int(image.pixel(150, 50)[0])
        #expect(abs(Int(image.pixel(299, 0)[0]) - middle) <= 3 && abs(Int(image.pixel(0, 99)[0]) - middle) <= 3,
                "\(image.pixel(299, 0)) \(image.pixel(0, 99)) against \(middle)")
        // Along the top edge the colour runs a third as fast as along the left edge.
        #expect(abs(Int(image.pixel(150, 0)[0]) - Int(image.pixel(0, 50)[0])) <= 3)
    }

    /// A conic from the centre, starting rightwards: an eighth of the way round lies on the
    /// stretched square's diagonal, towards the bottom-right corner, not at 45° on screen.
    @Test func conicSweepsInTheUnitSquare() throws {
        let image = try render(.conic, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5))
        let onDiagonal = Int(image.pixel(225, 75)[0]), below = Int(image.pixel(150, 90)[0])
        // t = ⅛ on the diagonal, t = ¼ straight below the centre.
        let eighth = try render(.axial, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5)).pixel(37, 50)[0]
        let quarter = try render(.axial, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5)).pixel(75, 50)[0]
        #expect(abs(onDiagonal - Int(eighth)) <= 4 && abs(below - Int(quarter)) <= 4, "\(onDiagonal) vs \(eighth), \(below) vs \(quarter)")
    }

    /// The gradient made at the commit is drawn only while the frame shows the committed
    /// colours: mid-way through an animation of `colors` from red to blue the layer is the
    /// mix, and red again once the animation is gone. The rounded corners stay clear.
    @Test func animatedColoursAreDrawnAndTheCommittedOnesAfter() throws {
        AnimationHost.shared.reset(time: 0)
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.cornerRadius = 6
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        layer.colors = [red, red]
        let fade = CABasicAnimation(keyPath: "colors")
        fade.fromValue = [red, red]
        fade.toValue = [blue, blue]
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        AnimationHost.shared.tick()
        let renderer = CARenderer(layer: layer, bounds: layer.bounds)
        let middle = try renderer.render(at: 0.5), after = try renderer.render(at: 2)
        #expect(middle.pixel(10, 10) == [128, 0, 128, 255])
        #expect(after.pixel(10, 10) == [255, 0, 0, 255])
        #expect(after.pixel(0, 0) == [0, 0, 0, 0] && middle.pixel(0, 0) == [0, 0, 0, 0])
    }
}
