/// How far, in device pixels, a flattened curve may stray from the true curve when filled or
/// stroked: 1/16 px, so an edge pixel's coverage moves by at most 16 of 255 levels. That is
/// finer than Cairo's default (0.1 px) and Blend2D's (0.2 px) and inside the ¼ px the
/// architecture allows; halving it again doubles the edges a curve makes. Chords lie inside
/// convex curves, so a circle loses up to ⅔·tolerance·perimeter of its area.
let flatteningTolerance: CGFloat = 1.0 / 16

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

    /// The rectangle the polyline outlines, when it is four corners joined by horizontal
    /// and vertical sides.
    var rectangle: CGRect? {
        guard points.count == 4 else { return nil }
        let p = points
        let horizontalFirst = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
        let verticalFirst = p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        let rect = CGRect(x: p[0].x, y: p[0].y, width: p[2].x - p[0].x, height: p[2].y - p[0].y).standardized
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }

    mutating func append(_ point: CGPoint, corner: Bool) {
        if let last = points.last, last == point {
            if corner { isCorner[isCorner.count - 1] = true }
            return
        }
        points.append(point)
        isCorner.append(corner)
    }
}

extension CGPath {
    /// The path flattened into polylines after mapping through `transform`, with every curve
    /// within `tolerance` of the true curve (in the transformed space).
    func polylines(transform: CGAffineTransform = .identity, tolerance: CGFloat) -> [Polyline] {
        let mapped = elements.map { $0.applying(transform) }
        // First each curve's segment count and each subpath's points, so that every
        // polyline's arrays are allocated once.
        var segments: [Int] = [], sizes: [Int] = [0]
        var end = CGPoint.zero
        for element in mapped {
            switch element {
            case .move(let p): sizes.append(1); end = p
            case .line(let p): sizes[sizes.count - 1] += 1; end = p
            case .quad(let c, let p):
                segments.append(Self.segmentCount(end, c, p, tolerance: tolerance))
                sizes[sizes.count - 1] += segments[segments.count - 1]; end = p
            case .cubic(let c1, let c2, let p):
                segments.append(Self.segmentCount(end, c1, c2, p, tolerance: tolerance))
                sizes[sizes.count - 1] += segments[segments.count - 1]; end = p
            case .close: break
            }
        }
        var result: [Polyline] = []
        var current = Polyline()
        var start = CGPoint.zero
        var last = CGPoint.zero
        var subpath = 0, curve = 0
        func finish() {
            if !current.points.isEmpty { result.append(current) }
            current = Polyline()
        }
        func reserve() {
            current.points.reserveCapacity(sizes[subpath] + 1)
            current.isCorner.reserveCapacity(sizes[subpath] + 1)
        }
        reserve()
        for element in mapped {
            switch element {
            case .move(let p):
                finish()
                subpath += 1
                reserve()
                start = p; last = p
                current.append(p, corner: true)
            case .line(let p):
                if current.points.isEmpty { current.append(start, corner: true) }
                current.append(p, corner: true)
                current.hasSegments = true
                last = p
            case .quad(let c, let p):
                if current.points.isEmpty { current.append(start, corner: true) }
                current.hasSegments = true
                let n = segments[curve]
                curve += 1
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), s = 1 - t
                    let q = CGPoint(x: s * s * last.x + 2 * s * t * c.x + t * t * p.x,
                                    y: s * s * last.y + 2 * s * t * c.y + t * t * p.y)
                    current.append(i == n ? p : q, corner: i == n)
                }
                last = p
            case .cubic(let c1, let c2, let p):
                if current.points.isEmpty { current.append(start, corner: true) }
                current.hasSegments = true
                let n = segments[curve]
                curve += 1
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n)
                    current.append(i == n ? p : cubicPoint(last, c1, c2, p, t), corner: i == n)
                }
                last = p
            case .close:
                if !current.points.isEmpty {
                    current.isClosed = true
                    current.hasSegments = true
                    if current.points.count > 1, current.points.last == start {
                        current.points.removeLast()
                        current.isCorner.removeLast()
                    }
                }
                finish()
                last = start
            }
        }
        finish()
        return result
    }

    /// Wang's bound: segments needed so a uniform split of a quadratic stays within tolerance.
    static func segmentCount(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, tolerance: CGFloat) -> Int {
        let dd = hypot(p0.x - 2 * c.x + p1.x, p0.y - 2 * c.y + p1.y)
        return clampedCount(sqrt(dd * 0.25 / tolerance))
    }

    /// Wang's bound for a cubic.
    static func segmentCount(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, tolerance: CGFloat) -> Int {
        let d1 = hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y)
        let d2 = hypot(c1.x - 2 * c2.x + p1.x, c1.y - 2 * c2.y + p1.y)
        return clampedCount(sqrt(max(d1, d2) * 0.75 / tolerance))
    }

    private static func clampedCount(_ value: CGFloat) -> Int {
        guard value.isFinite else { return 1 }
        return min(max(Int(value.rounded(.up)), 1), 4096)
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
