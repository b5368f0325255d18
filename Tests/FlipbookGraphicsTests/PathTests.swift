import FlipbookGraphics
import Foundation
import Testing

/// Path geometry against values derived by hand: Bézier extrema from the derivative's roots,
/// arc end points from cos/sin, stroke outlines from the offset geometry.
struct PathTests {
    func expectRect(_ r: CGRect, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, accuracy: CGFloat = 1e-6,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        let ok = abs(r.minX - x) < accuracy && abs(r.minY - y) < accuracy && abs(r.width - w) < accuracy && abs(r.height - h) < accuracy
        #expect(ok, "got \(r), expected (\(x), \(y), \(w), \(h))", sourceLocation: sourceLocation)
    }

    func expectPoint(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9, "got \(p), expected (\(x), \(y))", sourceLocation: sourceLocation)
    }

    /// `addPath` takes each element by the rules the element-by-element builders follow, and
    /// adding a path to itself doubles it.
    @Test func addingPathsFollowsTheBuildersRules() {
        let triangle = CGMutablePath()
        triangle.move(to: .zero)
        triangle.addLine(to: CGPoint(x: 10, y: 0))
        triangle.addLine(to: CGPoint(x: 0, y: 10))
        triangle.closeSubpath()
        let path = CGMutablePath()
        path.addPath(triangle, transform: CGAffineTransform(translationX: 5, y: 5))
        #expect(path.description == "CGPath(4 elements)")
        expectPoint(path.currentPoint, 5, 5)
        path.addPath(path)
        #expect(path.description == "CGPath(8 elements)")
        expectRect(path.boundingBox, 5, 5, 10, 10)
        path.addLine(to: CGPoint(x: 1, y: 1))
        expectPoint(path.currentPoint, 1, 1)
        let lost = CGMutablePath()
        lost.addPath(triangle, transform: CGAffineTransform(scaleX: .nan, y: 1))
        #expect(lost.isEmpty, "a NaN move is dropped, and the lines and close after it")
        let open = CGMutablePath()
        open.addPath(triangle, transform: CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0))
        #expect(open.isEmpty)
    }

    @Test func boundingBoxes() {
        expectRect(CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil).boundingBox, 10, 20, 30, 40)
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        expectRect(ellipse.boundingBox, 0, 0, 100, 50)
        expectRect(ellipse.boundingBoxOfPath, 0, 0, 100, 50)
        // y(t) = 300·t(1−t) peaks at 75 when t = ½; the control points reach 100.
        let cubic = CGMutablePath()
        cubic.move(to: .zero)
        cubic.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        expectRect(cubic.boundingBox, 0, 0, 100, 100)
        expectRect(cubic.boundingBoxOfPath, 0, 0, 100, 75)
        // A quadratic through a control point at y = 100 peaks at 50.
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        expectRect(quad.boundingBoxOfPath, 0, 0, 100, 50)
        #expect(CGMutablePath().boundingBox.isNull)
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
    }

    static func star() -> CGPath {
        let path = CGMutablePath()
        for i in 0..<5 {
            let angle = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            let p = CGPoint(x: 100 + 90 * cos(angle), y: 100 + 90 * sin(angle))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }

    struct ContainsCase: Sendable, CustomStringConvertible {
        let name: String, point: CGPoint, winding: Bool, evenOdd: Bool
        var description: String { name }
    }

    /// The star's centre pentagon has winding number 2: inside for non-zero, outside for even-odd.
    static let starCases: [ContainsCase] = [
        ContainsCase(name: "centre", point: CGPoint(x: 100, y: 100), winding: true, evenOdd: false),
        ContainsCase(name: "top arm", point: CGPoint(x: 100, y: 20), winding: true, evenOdd: true),
        ContainsCase(name: "left arm", point: CGPoint(x: 25, y: 75), winding: true, evenOdd: true),
        ContainsCase(name: "between arms", point: CGPoint(x: 40, y: 30), winding: false, evenOdd: false),
        ContainsCase(name: "far away", point: CGPoint(x: 500, y: 500), winding: false, evenOdd: false),
    ]

    @Test(arguments: starCases)
    func starContainment(_ c: ContainsCase) {
        #expect(Self.star().contains(c.point, using: .winding) == c.winding)
        #expect(Self.star().contains(c.point, using: .evenOdd) == c.evenOdd)
    }

    @Test func holesByDirection() {
        let same = CGMutablePath()
        same.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        same.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(same.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!same.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        let opposite = CGMutablePath()
        opposite.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        opposite.addLines(between: [CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
        opposite.closeSubpath()
        #expect(!opposite.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(opposite.contains(CGPoint(x: 10, y: 50), using: .winding))
        // The transform maps the point before testing.
        #expect(same.contains(CGPoint(x: 60, y: 10), using: .winding, transform: CGAffineTransform(translationX: -50, y: 0)))
    }

    /// Core Graphics draws the sweep in the asked direction, less than a turn; an angle
    /// difference of a whole number of turns (not zero), either way round, is a whole
    /// circle, as on iOS: `UIBezierPath`'s 0 to 2π with `clockwise: false` (Core
    /// Graphics' `clockwise: true`) is the full ring progress views draw.
    static let turns: [(start: Double, end: Double, clockwise: Bool)] = [
        (0, 2 * .pi, true), (0, 2 * .pi, false), (0, -2 * .pi, true), (0, -2 * .pi, false), (0, 4 * .pi, true), (0, 4 * .pi, false),
        (-.pi / 2, 3 * .pi / 2, true), (-.pi / 2, 3 * .pi / 2, false),
    ]

    @Test(arguments: turns)
    func wholeTurnsAreWholeCircles(start: Double, end: Double, clockwise: Bool) {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 100, y: 50), radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
        expectRect(path.boundingBoxOfPath, 90, 40, 20, 20)
        expectPoint(path.currentPoint, 100 + 10 * cos(end), 50 + 10 * sin(end))
    }

    /// Otherwise the remainder of a turn, the asked way round, so that the arc ends at its
    /// end angle (where Core Graphics' documentation puts the current point); nothing for
    /// equal angles.
    @Test func partTurnsKeepTheirRemainder() {
        // (start, end, clockwise): half a turn through −y (y 40) or +y (y 50…60).
        for (end, clockwise, low) in [(3 * Double.pi, true, 40.0), (-5 * .pi, true, 40), (5 * .pi, false, 50), (-3 * .pi, false, 50)] {
            let half = CGMutablePath()
            half.addArc(center: CGPoint(x: 100, y: 50), radius: 10, startAngle: 0, endAngle: end, clockwise: clockwise)
            expectRect(half.boundingBoxOfPath, 90, low, 20, 10)
            expectPoint(half.currentPoint, 90, 50)
        }
        let none = CGMutablePath()
        none.addArc(center: CGPoint(x: 100, y: 50), radius: 10, startAngle: 1, endAngle: 1, clockwise: true)
        expectRect(none.boundingBoxOfPath, 100 + 10 * cos(1), 50 + 10 * sin(1), 0, 0)
    }

    @Test func arcsEndWhereCosAndSinSay() {
        let ccw = CGMutablePath()
        ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        expectPoint(ccw.currentPoint, 0, 10)
        expectRect(ccw.boundingBoxOfPath, 0, 0, 10, 10)
        // clockwise: true from 0 to π/2 sweeps the other three quarters (through −y and −x).
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        expectPoint(cw.currentPoint, 0, 10)
        expectRect(cw.boundingBoxOfPath, -10, -10, 20, 20)
        let full = CGMutablePath()
        full.addArc(center: CGPoint(x: 5, y: 5), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        expectRect(full.boundingBoxOfPath, -5, -5, 20, 20)
        expectPoint(full.currentPoint, 15, 5)
        // An existing current point is joined to the arc's start by a line.
        let joined = CGMutablePath()
        joined.move(to: CGPoint(x: -20, y: 0))
        // From π towards increasing angles to 2π passes 3π/2, where y = −10.
        joined.addArc(center: .zero, radius: 10, startAngle: .pi, endAngle: 0, clockwise: false)
        expectRect(joined.boundingBoxOfPath, -20, -10, 30, 10)
        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi)
        expectPoint(relative.currentPoint, -10, 0)
        expectRect(relative.boundingBoxOfPath, -10, 0, 20, 10)
    }

    @Test func tangentArc() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        expectPoint(path.currentPoint, 100, 20)
        expectRect(path.boundingBoxOfPath, 0, 0, 100, 20)
        // Collinear points give a straight line to the first tangent point.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 100, y: 0), radius: 20)
        expectPoint(straight.currentPoint, 50, 0)
    }

    @Test func elementsAreEnumeratedInOrder() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 7, y: 8), control: CGPoint(x: 5, y: 6))
        path.addCurve(to: CGPoint(x: 13, y: 14), control1: CGPoint(x: 9, y: 10), control2: CGPoint(x: 11, y: 12))
        path.closeSubpath()
        var types: [CGPathElementType] = []
        var points: [CGPoint] = []
        path.applyWithBlock { element in
            let e = element.pointee
            types.append(e.type)
            let n = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2, .addCurveToPoint: 3][e.type] ?? 0
            for i in 0..<n { points.append(e.points[i]) }
        }
        #expect(types == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(points.map(\.x) == [1, 3, 5, 7, 9, 11, 13])
        #expect(path.currentPoint == CGPoint(x: 1, y: 2), "after close the current point is the subpath start")
    }

    @Test func copiesAndEquality() {
        let a = CGMutablePath(), b = CGMutablePath()
        for p in [a, b] {
            p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
            p.addEllipse(in: CGRect(x: 1, y: 1, width: 5, height: 5))
        }
        #expect(a == b)
        #expect(a.copy()! == b)
        let moved = a.copy(using: [CGAffineTransform(translationX: 5, y: 0)])!
        #expect(moved != a)
        expectRect(moved.boundingBox, 5, 0, 10, 10)
        b.addLine(to: .zero)
        #expect(a != b)
    }

    @Test func strokeCopies() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        let butt = line.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        expectRect(butt.boundingBoxOfPath, 0, -5, 100, 10)
        #expect(butt.contains(CGPoint(x: 50, y: 4)))
        #expect(!butt.contains(CGPoint(x: 50, y: 6)))
        #expect(!butt.contains(CGPoint(x: -2, y: 0)))
        let square = line.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        expectRect(square.boundingBoxOfPath, -5, -5, 110, 10)
        let round = line.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        expectRect(round.boundingBoxOfPath, -5, -5, 110, 10, accuracy: 0.02)
        #expect(round.contains(CGPoint(x: -4, y: 0)))
        #expect(!round.contains(CGPoint(x: -4, y: 4)), "outside the round cap's circle")

        // A right-angle corner: the miter tip lies 5·√2 beyond the vertex; bevel cuts at 5·cos 45°.
        let corner = CGMutablePath()
        corner.addLines(between: [.zero, CGPoint(x: 50, y: 50), CGPoint(x: 100, y: 0)])
        let miter = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(abs(miter.boundingBoxOfPath.maxY - (50 + 5 * 2.0.squareRoot())) < 1e-6)
        let bevel = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        #expect(abs(bevel.boundingBoxOfPath.maxY - (50 + 5 / 2.0.squareRoot())) < 1e-6)
        // The miter ratio here is √2 ≈ 1.414: a limit of 1.4 turns it into a bevel.
        let limited = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4)
        #expect(abs(limited.boundingBoxOfPath.maxY - bevel.boundingBoxOfPath.maxY) < 1e-6)
        let roundJoin = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        #expect(abs(roundJoin.boundingBoxOfPath.maxY - 55) < 0.02)
    }

    func expectValues(_ values: [CGFloat], _ expected: [CGFloat], sourceLocation: SourceLocation = #_sourceLocation) {
        let ok = values.count == expected.count && zip(values, expected).allSatisfy { abs($0 - $1) < 1e-9 }
        #expect(ok, "got \(values), expected \(expected)", sourceLocation: sourceLocation)
    }

    func dashStarts(_ path: CGPath) -> [(CGFloat, CGFloat)] {
        var result: [(CGFloat, CGFloat)] = []
        path.applyWithBlock { element in
            let e = element.pointee
            if e.type == .moveToPoint { result.append((e.points[0].x, e.points[0].x)) }
            if e.type == .addLineToPoint { result[result.count - 1].1 = e.points[0].x }
        }
        return result
    }

    @Test func dashCopies() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        let plain = dashStarts(line.copy(dashingWithPhase: 0, lengths: [10, 5]))
        expectValues(plain.map(\.0), [0, 15, 30, 45, 60, 75, 90])
        expectValues(plain.map(\.1), [10, 25, 40, 55, 70, 85, 100])
        let phased = dashStarts(line.copy(dashingWithPhase: 5, lengths: [10, 5]))
        expectValues(phased.map(\.0), [0, 10, 25, 40, 55, 70, 85])
        #expect(phased.first?.1 == 5)
        // An odd count repeats: [10] means 10 on, 10 off.
        expectValues(dashStarts(line.copy(dashingWithPhase: 0, lengths: [10])).map(\.0), [0, 20, 40, 60, 80])
        // Invalid patterns leave the path solid.
        #expect(line.copy(dashingWithPhase: 0, lengths: []) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [0, 0]) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [5, -1]) == line)
        // Curves stay curves and keep their shape: dash ends lie on the original curve, which
        // is within 0.027 % of a true circle (the four-cubic approximation's error).
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        let dashed = circle.copy(dashingWithPhase: 0, lengths: [20, 10])
        var curves = 0
        dashed.applyWithBlock { element in
            let e = element.pointee
            if e.type == .addCurveToPoint {
                curves += 1
                #expect(abs(hypot(e.points[2].x, e.points[2].y) - 50) < 0.015)
            }
        }
        #expect(curves >= 10)
    }
}
