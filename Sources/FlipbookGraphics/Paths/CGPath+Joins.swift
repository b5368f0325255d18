import Foundation

extension CGPath {
    /// A bound on how far a miter join of the path's stroke reaches from its corner, in half
    /// line widths: 1 / cos(θ/2) for the sharpest turn θ between the polylines' segments at
    /// a corner, or `limit` when a turn may be too sharp to bound (at most `limit`: a longer
    /// miter is cut to a bevel). `transform` maps the path to the space it is stroked in.
    ///
    /// A corner joins two elements. Each element's directions lie in the angle its control
    /// polygon turns through (nothing for a line): a Bézier curve turns no more than its
    /// control polygon, and each chord of a flattened curve points within the directions
    /// of the curve it spans. So the chords at a corner turn by at most the angle between
    /// the control polygons' end legs plus both elements' own turning. A rounded rectangle,
    /// whose arcs meet their sides tangentially, reaches 1 / cos(45°): its quarter arcs
    /// turn by 90° each, though the true turn at each corner is a fraction of a degree. A
    /// circle of four arcs is not bounded (90° + 90°). Dashing keeps the bound: a dash's
    /// corners are the path's, and its curves are pieces of the path's.
    package func miterReach(limit: CGFloat, transform: CGAffineTransform) -> CGFloat {
        let limit = max(limit, 1)
        var sharpest: CGFloat = 0
        // The current subpath's first element, and the element before the next corner.
        var first: Leg?, previous: Leg?
        var start = CGPoint.zero, end = CGPoint.zero
        func corner(_ before: Leg?, _ after: Leg) {
            guard let before else { return }
            sharpest = max(sharpest, before.turning + after.turning + angle(before.last, after.first))
        }
        func add(_ leg: Leg?) {
            guard let leg else { return }  // no length: no corner either
            corner(previous, leg)
            if first == nil { first = leg }
            previous = leg
        }
        for element in elements {
            switch element {
            case .move(let p):
                first = nil; previous = nil
                start = p; end = p
            case .line(let p):
                add(Leg([end, p], transform)); end = p
            case .quad(let c, let p):
                add(Leg([end, c, p], transform)); end = p
            case .cubic(let c1, let c2, let p):
                add(Leg([end, c1, c2, p], transform)); end = p
            case .close:
                add(Leg([end, start], transform))
                if let first { corner(previous, first) }
                first = nil; previous = nil
                end = start
            }
        }
        guard sharpest.isFinite else { return limit }
        return sharpest < .pi ? min(1 / cos(sharpest / 2), limit) : limit
    }

    /// An element's control polygon, as directions: the first and last legs that have a
    /// length, and the angle turned between them (each turn taken the short way).
    private struct Leg {
        let first: CGPoint, last: CGPoint, turning: CGFloat

        /// `nil` when every point is the same.
        init?(_ points: [CGPoint], _ transform: CGAffineTransform) {
            var legs: [CGPoint] = []
            for (a, b) in zip(points, points.dropFirst()) where a != b {
                let d = CGPoint(x: b.x - a.x, y: b.y - a.y)
                legs.append(CGPoint(x: transform.a * d.x + transform.c * d.y, y: transform.b * d.x + transform.d * d.y))
            }
            guard let first = legs.first, let last = legs.last else { return nil }
            self.first = first
            self.last = last
            turning = zip(legs, legs.dropFirst()).reduce(0) { $0 + angle($1.0, $1.1) }
        }
    }
}

/// The angle between two directions, 0…π.
private func angle(_ u: CGPoint, _ v: CGPoint) -> CGFloat {
    abs(atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y))
}
