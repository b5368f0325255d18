import Foundation
import FlipbookAnimation

extension CAMediaTimingFunction {
    /// The piece of the curve between input times `a` and `b`, scaled to a timing function
    /// of its own: at 0 it is at the curve's value at `a`, at 1 at its value at `b`, and in
    /// between it follows the curve. When `b` is before `a` the piece is run backwards. A
    /// piece over which the curve does not move is linear.
    func segment(from a: Double, to b: Double) -> CAMediaTimingFunction {
        guard b < a else { return forwardSegment(from: a, to: b) }
        let piece = forwardSegment(from: b, to: a).controlPoints
        return CAMediaTimingFunction(controlPoints: Float(1 - piece[1].x), Float(1 - piece[1].y),
                                     Float(1 - piece[0].x), Float(1 - piece[0].y))
    }

    /// The two inner control points.
    var controlPoints: [CGPoint] {
        [1, 2].map { index in
            var values: [Float] = [0, 0]
            getControlPoint(at: index, values: &values)
            return CGPoint(x: CGFloat(values[0]), y: CGFloat(values[1]))
        }
    }

    private func forwardSegment(from a: Double, to b: Double) -> CAMediaTimingFunction {
        let inner = controlPoints
        let points = [CGPoint.zero, inner[0], inner[1], CGPoint(x: 1, y: 1)]
        let t0 = Self.parameter(forX: a, points), t1 = Self.parameter(forX: b, points)
        // The piece from t0 to t1: the left part up to t1, then its right part from t0 / t1.
        let left = Self.split(points, at: t1).left
        let piece = t1 > 0 ? Self.split(left, at: t0 / t1).right : left
        let dx = piece[3].x - piece[0].x, dy = piece[3].y - piece[0].y
        guard dx > 1e-12, abs(dy) > 1e-12 else { return CAMediaTimingFunction(name: .linear) }
        func scaled(_ p: CGPoint) -> (Float, Float) {
            (Float((p.x - piece[0].x) / dx), Float((p.y - piece[0].y) / dy))
        }
        let (c1x, c1y) = scaled(piece[1]), (c2x, c2y) = scaled(piece[2])
        return CAMediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)
    }

    /// The Bézier parameter at which the curve's x is `x` (x rises with the parameter).
    private static func parameter(forX x: Double, _ points: [CGPoint]) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if Double(split(points, at: mid).left[3].x) < x { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// De Casteljau's split of a cubic at `t`.
    private static func split(_ p: [CGPoint], at t: Double) -> (left: [CGPoint], right: [CGPoint]) {
        let t = CGFloat(t)
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let a = mix(p[0], p[1]), b = mix(p[1], p[2]), c = mix(p[2], p[3])
        let d = mix(a, b), e = mix(b, c), f = mix(d, e)
        return ([p[0], a, d, f], [f, e, c, p[3]])
    }
}
