/// Turns polylines into the outline of their stroke: closed contours to fill with the
/// non-zero rule.
///
/// An open polyline becomes one contour (the left offset forward, the end cap, the right
/// offset backward, the start cap); a closed one becomes two (the left offset, and the
/// right offset reversed). At each vertex the outer side follows the line join and the
/// inner side passes through the vertex itself. Summed as chains, that contour is exactly
/// the stroke's natural pieces (a rectangle per segment, a wedge per join, the caps, all
/// wound the same way) with their shared sides cancelled, so it winds around every point
/// as often as they do together, and filling it non-zero paints exactly their union,
/// whatever the segment lengths. Where both segments at a vertex are long enough to hold
/// the inner corner's triangle, the inner side cuts across instead: that triangle lies in
/// both rectangles, so it stays covered. Along flattened curves, where round joins would
/// add no points, each side takes the single point where its offset lines meet.
struct Stroker {
    let width: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    /// The angle of one chord of a round join or cap, so it strays at most the tolerance.
    private let arcStep: CGFloat
    /// cos(arcStep): turns flatter than this need no round join points.
    private let cosArcStep: CGFloat

    /// `tolerance` is the maximum distance between a round join or cap and its polygon.
    init(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        let ratio = max(0, min(1, 1 - tolerance / max(width / 2, 1e-9)))
        arcStep = max(2 * acos(ratio), 0.01)
        cosArcStep = cos(arcStep)
    }

    func stroke(_ polylines: [Polyline]) -> [Polyline] {
        guard width > 0, width.isFinite else { return [] }
        var contours: [Polyline] = []
        for polyline in polylines where polyline.hasSegments {
            outline(polyline, into: &contours)
        }
        return contours
    }

    private var halfWidth: CGFloat { width / 2 }

    private func outline(_ line: Polyline, into contours: inout [Polyline]) {
        let points = line.points
        if points.count == 1 {
            contours.append(contour(dot(at: points[0])))
            return
        }
        let closed = line.isClosed && points.count > 2
        let segmentCount = closed ? points.count : points.count - 1
        var directions: [CGPoint] = [], lengths: [CGFloat] = []
        directions.reserveCapacity(segmentCount)
        lengths.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % points.count]
            let length = hypot(b.x - a.x, b.y - a.y)
            directions.append(length > 0 ? CGPoint(x: (b.x - a.x) / length, y: (b.y - a.y) / length) : CGPoint(x: 1, y: 0))
            lengths.append(length)
        }
        var left: [CGPoint] = [], right: [CGPoint] = []
        left.reserveCapacity(2 * points.count + 8)
        right.reserveCapacity(2 * points.count)
        if !closed {
            let n = normal(directions[0])
            left.append(offset(points[0], n, 1))
            right.append(offset(points[0], n, -1))
        }
        // Joins at interior vertices, and at every vertex of a closed polyline.
        for i in closed ? 0..<points.count : 1..<(points.count - 1) {
            let before = (i - 1 + segmentCount) % segmentCount, after = i % segmentCount
            addJoin(at: points[i], directions[before], lengths[before], directions[after], lengths[after],
                    corner: line.isCorner[i], left: &left, right: &right)
        }
        if closed {
            contours.append(contour(left))
            contours.append(contour(right.reversed()))
            return
        }
        let end = points[points.count - 1], endDirection = directions[segmentCount - 1]
        let endNormal = normal(endDirection)
        left.append(offset(end, endNormal, 1))
        appendCap(at: end, direction: endDirection, to: &left)
        left.append(offset(end, endNormal, -1))
        left.append(contentsOf: right.reversed())
        appendCap(at: points[0], direction: CGPoint(x: -directions[0].x, y: -directions[0].y), to: &left)
        contours.append(contour(left))
    }

    /// Appends both sides' points at vertex `p` between a segment in direction `d0` of
    /// length `length0` and the next in direction `d1` of length `length1`.
    @inline(__always) private func addJoin(at p: CGPoint, _ d0: CGPoint, _ length0: CGFloat, _ d1: CGPoint, _ length1: CGFloat,
                         corner: Bool, left: inout [CGPoint], right: inout [CGPoint]) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        let n0 = normal(d0), n1 = normal(d1)
        if abs(cross) < 1e-9 && dot > 0 {
            left.append(offset(p, n0, 1))
            right.append(offset(p, n0, -1))
            return
        }
        // The outer side is the one the path turns away from; a reversal takes the left.
        let side: CGFloat = cross > 0 ? -1 : 1
        if side > 0 {
            addSides(at: p, n0, n1, cross: cross, dot: dot, side: side, shortest: min(length0, length1),
                     corner: corner, outer: &left, inner: &right)
        } else {
            addSides(at: p, n0, n1, cross: cross, dot: dot, side: side, shortest: min(length0, length1),
                     corner: corner, outer: &right, inner: &left)
        }
    }

    @inline(__always) private func addSides(at p: CGPoint, _ n0: CGPoint, _ n1: CGPoint, cross: CGFloat, dot: CGFloat, side: CGFloat,
                          shortest: CGFloat, corner: Bool, outer: inout [CGPoint], inner: inout [CGPoint]) {
        let style = corner ? join : .round
        // Where the offset lines meet, at distance halfWidth·tan(turn / 2) along each segment.
        let k = halfWidth * side / (1 + dot)
        let reach = halfWidth * abs(cross) / (1 + dot)
        if style == .round, dot >= cosArcStep, shortest >= reach * (1 + 1e-9) {
            // A turn too slight for any round-join point, as along a flattened curve: the
            // outer side takes the miter tip (within the tolerance of the arc) and the inner
            // side the inner corner, one point each.
            outer.append(CGPoint(x: p.x + (n0.x + n1.x) * k, y: p.y + (n0.y + n1.y) * k))
            inner.append(CGPoint(x: p.x - (n0.x + n1.x) * k, y: p.y - (n0.y + n1.y) * k))
            return
        }
        let a = offset(p, n0, side), b = offset(p, n1, side)
        outer.append(a)
        switch style {
        case .bevel:
            break
        case .miter:
            // Miter length ÷ line width = 1 / sin(φ/2) = 1 / cos(α/2) for turn angle α.
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 1e-9, 1 / cosHalf <= miterLimit {
                outer.append(CGPoint(x: p.x + (n0.x + n1.x) * k, y: p.y + (n0.y + n1.y) * k))
            }
        case .round:
            if dot < cosArcStep {
                let turn = atan2(abs(cross), dot)
                appendArc(center: p, from: a, sweep: cross > 0 ? turn : -turn, to: &outer)
            }
        }
        outer.append(b)
        // The inner corner's triangle (p and both inner offsets) lies in both segments'
        // rectangles when each is at least halfWidth·sin(turn) long.
        inner.append(offset(p, n0, -side))
        if shortest < halfWidth * abs(cross) * (1 + 1e-9) || abs(cross) < 1e-9 { inner.append(p) }
        inner.append(offset(p, n1, -side))
    }

    /// Appends the points strictly between the left and right offsets of an end at `p`
    /// heading in `direction`, going round the front.
    private func appendCap(at p: CGPoint, direction d: CGPoint, to points: inout [CGPoint]) {
        let n = normal(d)
        switch cap {
        case .butt: return
        case .square:
            let e = CGPoint(x: d.x * halfWidth, y: d.y * halfWidth)
            let a = offset(p, n, 1), b = offset(p, n, -1)
            points.append(CGPoint(x: a.x + e.x, y: a.y + e.y))
            points.append(CGPoint(x: b.x + e.x, y: b.y + e.y))
        case .round:
            // Rotating n by −π/2 gives d, so the half disc sweeps −π through the direction.
            appendArc(center: p, from: offset(p, n, 1), sweep: -.pi, to: &points)
        }
    }

    /// A zero-length subpath: a disc for round caps, an axis-aligned square for square caps.
    private func dot(at p: CGPoint) -> [CGPoint] {
        let h = halfWidth
        switch cap {
        case .butt: return []
        case .round:
            var points = [CGPoint(x: p.x + h, y: p.y)]
            appendArc(center: p, from: points[0], sweep: 2 * .pi, to: &points)
            return points
        case .square:
            return [CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                    CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h)]
        }
    }

    /// Appends the points strictly inside the arc from `start` turning `sweep` radians
    /// about `center`.
    private func appendArc(center: CGPoint, from start: CGPoint, sweep: CGFloat, to points: inout [CGPoint]) {
        let count = max(1, min(Int((abs(sweep) / arcStep).rounded(.up)), 1024))
        let vx = start.x - center.x, vy = start.y - center.y
        for i in 1..<max(count, 1) {
            let angle = sweep * CGFloat(i) / CGFloat(count)
            let c = cos(angle), s = sin(angle)
            points.append(CGPoint(x: center.x + vx * c - vy * s, y: center.y + vx * s + vy * c))
        }
    }

    private func contour(_ points: [CGPoint]) -> Polyline {
        var contour = Polyline()
        contour.points = points
        contour.isCorner = Array(repeating: true, count: points.count)
        contour.isClosed = true
        contour.hasSegments = !points.isEmpty
        return contour
    }

    private func offset(_ p: CGPoint, _ n: CGPoint, _ side: CGFloat) -> CGPoint {
        CGPoint(x: p.x + n.x * halfWidth * side, y: p.y + n.y * halfWidth * side)
    }
    private func normal(_ d: CGPoint) -> CGPoint { CGPoint(x: -d.y, y: d.x) }
}

extension Polyline {
    /// Closed polylines as a path (move, lines, close).
    static func path(of polylines: [Polyline]) -> CGMutablePath {
        var elements: [PathElement] = []
        elements.reserveCapacity(polylines.reduce(0) { $0 + $1.points.count + 1 })
        for polyline in polylines where !polyline.points.isEmpty {
            elements.append(.move(polyline.points[0]))
            for p in polyline.points.dropFirst() { elements.append(.line(p)) }
            if polyline.isClosed { elements.append(.close) }
        }
        let path = CGMutablePath()
        path.append(count: elements.count, elements)
        return path
    }
}
