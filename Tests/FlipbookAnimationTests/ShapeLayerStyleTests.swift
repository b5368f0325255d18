import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

/// A shape layer's fill rule, line cap and line join reach the drawing as Core Graphics
/// draws them (Apple's `CGLineCap`: a square cap extends the line by half its width, a round
/// one by a half circle; `CGLineJoin`: a miter meets at a point, a bevel cuts the corner, a
/// round join rounds it; `CAShapeLayerFillRule.evenOdd` leaves a nested square empty).
@MainActor
@Suite(.serialized) struct ShapeLayerStyleTests {
    /// The 20 × 20 picture of a shape layer stroking or filling `path` in black.
    func picture(_ path: CGPath, stroked: Bool, _ style: (CAShapeLayer) -> Void) throws -> CGImage {
        AnimationHost.shared.reset(time: 0)
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.position = CGPoint(x: 10, y: 10)
        layer.path = path
        if stroked {
            layer.fillColor = nil
            layer.strokeColor = CGColor(gray: 0, alpha: 1)
            layer.lineWidth = 4
        }
        style(layer)
        AnimationHost.shared.tick()
        return try CARenderer(layer: layer, bounds: layer.bounds).render(at: 0)
    }

    /// A line from (5, 10) to (15, 10), 4 wide: pixel (3, 9), two left of its start, is
    /// empty with a butt cap, covered with a square one (to x = 3), partly with a round one
    /// (its corner (3, 9) lies 2.24 from the start, (4, 10) 1).
    @Test(arguments: [(CAShapeLayerLineCap.butt, "empty"), (.square, "covered"), (.round, "partly")])
    func caps(_ cap: CAShapeLayerLineCap, _ expected: String) throws {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 5, y: 10))
        line.addLine(to: CGPoint(x: 15, y: 10))
        let alpha = try picture(line, stroked: true) { $0.lineCap = cap }.pixel(3, 9)[3]
        #expect(expected == (alpha == 0 ? "empty" : alpha == 255 ? "covered" : "partly"), "\(cap.rawValue): alpha \(alpha)")
    }

    /// A corner at (10, 6) between (4, 18) and (16, 18), 4 wide. Its miter reaches
    /// 2 / sin(atan(½)) = 4.47 above the corner (to y = 1.53), a round join 2 (to y = 4),
    /// a bevel about 0.9 (to y = 5.1): pixel (9, 2) is covered only by the miter, and
    /// pixel (9, 4) by the miter and the round join, not by the bevel.
    @Test(arguments: [(CAShapeLayerLineJoin.miter, [true, true]), (.round, [false, true]), (.bevel, [false, false])])
    func joins(_ join: CAShapeLayerLineJoin, _ expected: [Bool]) throws {
        let corner = CGMutablePath()
        corner.addLines(between: [CGPoint(x: 4, y: 18), CGPoint(x: 10, y: 6), CGPoint(x: 16, y: 18)])
        let image = try picture(corner, stroked: true) { $0.lineJoin = join }
        #expect([image.pixel(9, 2)[3] > 0, image.pixel(9, 4)[3] > 0] == expected, "\(join.rawValue)")
    }

    /// Two squares drawn the same way round, one inside the other: the inner one is a hole
    /// under the even-odd rule and filled under the non-zero rule.
    @Test(arguments: [(CAShapeLayerFillRule.nonZero, UInt8(255)), (.evenOdd, UInt8(0))])
    func fillRules(_ rule: CAShapeLayerFillRule, _ centre: UInt8) throws {
        let squares = CGMutablePath()
        squares.addRect(CGRect(x: 2, y: 2, width: 16, height: 16))
        squares.addRect(CGRect(x: 6, y: 6, width: 8, height: 8))
        let image = try picture(squares, stroked: false) { $0.fillRule = rule }
        #expect(image.pixel(10, 10)[3] == centre && image.pixel(3, 10)[3] == 255, "\(rule.rawValue)")
    }
}
