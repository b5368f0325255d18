/// One piece of a keyframe animation's path: the curve from one keyframe to the next.
package enum PathSegment: Sendable {
    case line(CGPoint, CGPoint)
    case quad(CGPoint, CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

    package func point(at t: Double) -> CGPoint {
        let s = 1 - t
        switch self {
        case let .line(a, b):
            return CGPoint(x: a.x * s + b.x * t, y: a.y * s + b.y * t)
        case let .quad(a, c, b):
            return CGPoint(x: a.x * s * s + 2 * c.x * s * t + b.x * t * t, y: a.y * s * s + 2 * c.y * s * t + b.y * t * t)
        case let .cubic(a, c1, c2, b):
            let (k0, k1, k2, k3) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
            return CGPoint(x: a.x * k0 + c1.x * k1 + c2.x * k2 + b.x * k3, y: a.y * k0 + c1.y * k1 + c2.y * k2 + b.y * k3)
        }
    }

    /// The direction of travel at `t` (a finite difference, so degenerate controls work).
    func tangent(at t: Double) -> CGPoint {
        let h = 1e-4
        let a = point(at: max(t - h, 0)), b = point(at: min(t + h, 1))
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Arc length, from 32 chords.
    var length: Double {
        var total = 0.0, last = point(at: 0)
        for i in 1...32 {
            let p = point(at: Double(i) / 32)
            total += hypot(p.x - last.x, p.y - last.y)
            last = p
        }
        return total
    }
}
