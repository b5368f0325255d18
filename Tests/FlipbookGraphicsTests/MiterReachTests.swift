import Foundation
import Testing
@testable import FlipbookGraphics

/// `CGPath.miterReach`: a bound, in half line widths, on how far the miters of a path's
/// stroke reach from its corners, which bands use to skip strokes that cannot reach them.
struct MiterReachTests {
    static let square = CGPath.built { $0.addRect(CGRect(x: 0, y: 0, width: 10, height: 10)) }

    /// Polylines turning at their corners by a known angle, whose miter is 1 / cos(turn / 2).
    @Test func cornersOfLinesGiveTheirMiter() {
        #expect(abs(Self.square.miterReach(limit: 10, transform: .identity) - 2.squareRoot()) < 1e-12)
        // The hairline V of the band tests turns by 165.6°: a miter 7.98 half widths long.
        let v = CGPath.built {
            $0.move(to: CGPoint(x: 177.48, y: 77.5))
            $0.addLine(to: CGPoint(x: 180, y: 97.5))
            $0.addLine(to: CGPoint(x: 182.52, y: 77.5))
        }
        let turn = CGFloat.pi - 2 * atan(2.52 / 20)
        #expect(abs(v.miterReach(limit: 10, transform: .identity) - 1 / cos(turn / 2)) < 1e-9)
        // Past the limit the join is a bevel: the limit bounds the reach.
        #expect(v.miterReach(limit: 5, transform: .identity) == 5)
        #expect(v.miterReach(limit: 0.5, transform: .identity) == 1)
        // A straight line has no corner, and a lone move nothing at all.
        #expect(CGPath.built { $0.addLines(between: [.zero, CGPoint(x: 5, y: 5)]) }.miterReach(limit: 10, transform: .identity) == 1)
        #expect(CGPath.built { $0.move(to: .zero) }.miterReach(limit: 10, transform: .identity) == 1)
    }

    /// A closed subpath's corner at its start counts; an open one's ends do not.
    @Test func theCloseMakesACorner() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 10), CGPoint(x: 100, y: -10)]
        let open = CGPath.built { $0.addLines(between: points) }
        let closed = CGPath.built { $0.addLines(between: points); $0.closeSubpath() }
        // The open one turns by 90° + atan(0.1) at (100, 10), the closed one by 180° − 2·atan(0.1) at its start.
        #expect(abs(open.miterReach(limit: 20, transform: .identity) - 1 / cos((CGFloat.pi / 2 + atan(0.1)) / 2)) < 1e-9)
        #expect(abs(closed.miterReach(limit: 20, transform: .identity) - 1 / sin(atan(0.1))) < 1e-9)
        // A line back to the start before the close adds no corner of its own.
        let explicit = CGPath.built { $0.addLines(between: points + [points[0]]); $0.closeSubpath() }
        #expect(explicit.miterReach(limit: 20, transform: .identity) == closed.miterReach(limit: 20, transform: .identity))
    }

    /// Lines of no length make no corner: the polyline drops their points.
    @Test func pointsRepeatedMakeNoCorner() {
        let path = CGPath.built {
            $0.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        }
        #expect(abs(path.miterReach(limit: 10, transform: .identity) - 2.squareRoot()) < 1e-12)
    }

    /// Angles are taken where the path is stroked: a shear turns the square's corners into
    /// 45° and 135° ones.
    @Test func anglesAreMeasuredInTheStrokingSpace() {
        let shear = CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0)
        let reach = Self.square.miterReach(limit: 10, transform: shear)
        #expect(abs(reach - 1 / cos(3 * CGFloat.pi / 8)) < 1e-9)
        #expect(abs(Self.square.miterReach(limit: 10, transform: CGAffineTransform(scaleX: 1, y: 3)) - 2.squareRoot()) < 1e-12)
    }

    /// A curve counts the turn of its control polygon: a rounded rectangle's quarter arcs
    /// bound its corners by 90°, and a circle's four arcs leave them unbounded.
    @Test func curvesCountTheirControlPolygonsTurn() {
        let rounded = CGPath.built { $0.addRoundedRect(in: CGRect(x: 40, y: 30, width: 420, height: 220), cornerWidth: 12, cornerHeight: 12) }
        #expect(abs(rounded.miterReach(limit: 10, transform: .identity) - 2.squareRoot()) < 1e-9)
        let circle = CGPath.built { $0.addEllipse(in: CGRect(x: 0, y: 0, width: 50, height: 50)) }
        #expect(circle.miterReach(limit: 10, transform: .identity) == 10)
    }

    /// The bound holds for the polylines the stroker joins: for random paths of lines and
    /// curves, no corner of their flattening has a longer miter within the limit.
    @Test func theBoundHoldsForTheFlattenedCorners() {
        var random = SeededRandom(seed: 5)
        func point() -> CGPoint { CGPoint(x: CGFloat.random(in: 0..<60, using: &random), y: CGFloat.random(in: 0..<60, using: &random)) }
        var checked = 0
        for _ in 0..<300 {
            let path = CGMutablePath()
            path.move(to: point())
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: path.addLine(to: point())
                case 1: path.addQuadCurve(to: point(), control: point())
                default: path.addCurve(to: point(), control1: point(), control2: point())
                }
            }
            if Bool.random(using: &random) { path.closeSubpath() }
            let limit = CGFloat.random(in: 1...30, using: &random)
            let bound = path.miterReach(limit: limit, transform: .identity)
            for line in path.polylines(tolerance: flatteningTolerance) {
                let p = line.points, n = p.count
                let closed = line.isClosed && n > 2
                for i in (closed ? 0..<n : 1..<max(n - 1, 1)) where line.isCorner[i] {
                    let a = p[(i - 1 + n) % n], b = p[i], c = p[(i + 1) % n]
                    let u = CGPoint(x: b.x - a.x, y: b.y - a.y), v = CGPoint(x: c.x - b.x, y: c.y - b.y)
                    let turn = abs(atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y))
                    let miter = 1 / cos(turn / 2)
                    #expect(miter > limit || miter <= bound * (1 + 1e-9), "a corner's miter \(miter) passes the bound \(bound)")
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }
}
