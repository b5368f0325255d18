/// A flattened subpath: points joined by straight lines.
struct Polyline: Sendable {
    /// The vertices, with consecutive duplicates removed.
    var points: [CGPoint] = []
    /// For each vertex, whether it ends a path element (a real corner) rather than lying
    /// inside a flattened curve. The stroker joins corners with the line join.
    var isCorner: [Bool] = []
    /// Whether the subpath was closed with `closeSubpath`.
    var isClosed = false
    /// Whether a line or curve was added (a lone move draws nothing; a zero-length line
    /// draws a dot with round or square caps).
    var hasSegments = false

    mutating func append(_ point: CGPoint, corner: Bool) {
        if let last = points.last, last == point {
            if corner { isCorner[isCorner.count - 1] = true }
            return
        }
        points.append(point)
        isCorner.append(corner)
    }
}

/// The point at `t` on a cubic Bézier curve.
func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
    let s = 1 - t
    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
    return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x,
                   y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
}

extension CGAffineTransform {
    /// The largest factor by which the transform can stretch a length.
    var maximumScale: CGFloat {
        // Largest singular value of the 2×2 linear part.
        let s1 = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let root = sqrt(max(s1 * s1 - 4 * det * det, 0))
        return sqrt((s1 + root) / 2)
    }
}
