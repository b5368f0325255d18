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
}
