import FlipbookGraphics
import Foundation
import Testing

/// Core Animation's path blend ("a linear blend of the on-line points", Apple's
/// `CAShapeLayer.path` documentation; Flipbook blends the control points linearly too),
/// worked out by hand, and the in-place form the render tree uses: it may write over a path
/// only nothing else can see.
struct PathInterpolationTests {
    /// A square from (0, 0) to (10, 10) with one curve, and the same elements scaled by 3
    /// and moved by (10, 20).
    static let from: CGPath = {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 14, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 7, y: 12), control2: CGPoint(x: 3, y: 12))
        path.closeSubpath()
        return path.copy()!
    }()
    static let to = from.copy(using: [CGAffineTransform(scaleX: 3, y: 3).concatenating(CGAffineTransform(translationX: 10, y: 20))])!

    /// Every point of the blend, element by element, as `applyWithBlock` hands them out.
    static func points(_ path: CGPath) -> [CGPoint] {
        var points: [CGPoint] = []
        path.applyWithBlock { element in
            let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                         .addCurveToPoint: 3, .closeSubpath: 0][element.pointee.type]!
            for i in 0..<count { points.append(element.pointee.points[i]) }
        }
        return points
    }

    /// Expected points: p + (q − p)·f for each, with q = 3p + (10, 20).
    @Test(arguments: [0.0, 0.25, 0.5, 1.0, -0.5, 1.5])
    func blendsEveryPointLinearly(fraction f: Double) throws {
        let mixed = try #require(Self.from.interpolated(to: Self.to, fraction: f))
        let expected = Self.points(Self.from).map { p in
            CGPoint(x: p.x + (3 * p.x + 10 - p.x) * f, y: p.y + (3 * p.y + 20 - p.y) * f)
        }
        let got = Self.points(mixed)
        #expect(got.count == 7)
        #expect(zip(got, expected).allSatisfy { abs($0.x - $1.x) < 1e-12 && abs($0.y - $1.y) < 1e-12 }, "\(got)")
    }

    /// Written over a path held only by the result; a new path when anything else holds it,
    /// when it is a mutable path, or when its element count differs.
    @Test func writesOverOnlyAPathNothingElseHolds() throws {
        let half = try #require(Self.from.interpolated(to: Self.to, fraction: 0.5))
        let quarter = try #require(Self.from.interpolated(to: Self.to, fraction: 0.25))

        var result: CGPath? = Self.from.interpolated(to: Self.to, fraction: 0.9)
        let before = ObjectIdentifier(result!)
        #expect(CGPath.interpolate(from: Self.from, to: Self.to, fraction: 0.5, into: &result))
        #expect(ObjectIdentifier(result!) == before, "held by the result alone: written over")
        #expect(result == half)

        let held = result
        #expect(CGPath.interpolate(from: Self.from, to: Self.to, fraction: 0.25, into: &result))
        #expect(result !== held, "held elsewhere too: a new path")
        #expect(held == half, "the held path is unchanged")
        #expect(result == quarter)

        var mutable: CGPath? = {
            let path = CGMutablePath()
            path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))  // five elements, as many as the blend
            return path
        }()
        #expect(CGPath.interpolate(from: Self.from, to: Self.to, fraction: 0.5, into: &mutable))
        #expect(type(of: mutable!) == CGPath.self && mutable == half)

        var shorter: CGPath? = {
            let path = CGMutablePath()
            path.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)])
            return path.copy()
        }()
        #expect(CGPath.interpolate(from: Self.from, to: Self.to, fraction: 0.25, into: &shorter))
        #expect(shorter == quarter)

        var none: CGPath?
        #expect(CGPath.interpolate(from: Self.from, to: Self.to, fraction: 0.25, into: &none))
        #expect(none == quarter)
    }

    /// Paths whose elements differ in number or in kind have no blend.
    @Test func differentElementsHaveNoBlend() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let lines = CGMutablePath()
        lines.move(to: .zero)
        for _ in 0..<4 { lines.addLine(to: CGPoint(x: 1, y: 1)) }
        #expect(rect.interpolated(to: ellipse, fraction: 0.5) == nil)
        #expect(Self.from.interpolated(to: lines, fraction: 0.5) == nil, "the same count, other kinds")
        var result: CGPath? = Self.from.copy()
        #expect(!CGPath.interpolate(from: Self.from, to: lines, fraction: 0.5, into: &result))
    }
}
