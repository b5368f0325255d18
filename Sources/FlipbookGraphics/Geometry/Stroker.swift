/// Turns polylines into the outline pieces of their stroke.
///
/// The stroke is the union of one quadrilateral per segment, a join wedge at each vertex
/// and caps at open ends. Every piece is oriented the same way, so filling them together
/// with the non-zero rule gives exactly the union, with no seams where pieces meet.
struct Stroker {
    var width: CGFloat
    var cap: CGLineCap
    var join: CGLineJoin
    var miterLimit: CGFloat
    /// Maximum distance between a round join or cap and its polygon.
    var tolerance: CGFloat

    func stroke(_ polylines: [Polyline]) -> [Polyline] {
        guard width > 0, width.isFinite else { return [] }
        var pieces: [Polyline] = []
        for polyline in polylines where polyline.hasSegments {
            strokeOne(polyline, into: &pieces)
        }
        return pieces
    }

    private var halfWidth: CGFloat { width / 2 }

    private func strokeOne(_ line: Polyline, into pieces: inout [Polyline]) {
        let points = line.points
        if points.count == 1 {
            dot(at: points[0], into: &pieces)
            return
        }
        let closed = line.isClosed && points.count > 2
        let segmentCount = closed ? points.count : points.count - 1
        var directions: [CGPoint] = []
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % points.count]
            let d = unit(CGPoint(x: b.x - a.x, y: b.y - a.y))
            directions.append(d)
            let n = normal(d)
            add([offset(a, n, 1), offset(b, n, 1), offset(b, n, -1), offset(a, n, -1)], into: &pieces)
        }
        // Joins at interior vertices, and at every vertex of a closed polyline.
        let joinRange = closed ? 0..<points.count : 1..<(points.count - 1)
        for i in joinRange {
            let incoming = directions[(i - 1 + segmentCount) % segmentCount]
            let outgoing = directions[i % segmentCount]
            addJoin(at: points[i], incoming, outgoing, corner: line.isCorner[i], into: &pieces)
        }
        if !closed {
            addCap(at: points[0], direction: CGPoint(x: -directions[0].x, y: -directions[0].y), into: &pieces)
            addCap(at: points[points.count - 1], direction: directions[segmentCount - 1], into: &pieces)
        }
    }

    private func addJoin(at p: CGPoint, _ d0: CGPoint, _ d1: CGPoint, corner: Bool, into pieces: inout [Polyline]) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-9 && dot > 0 { return }
        let side: CGFloat = cross > 0 ? -1 : 1
        let n0 = normal(d0), n1 = normal(d1)
        let a = offset(p, n0, side), b = offset(p, n1, side)
        let style = corner ? join : .round
        switch style {
        case .bevel:
            add([p, a, b], into: &pieces)
        case .miter:
            // Miter length ÷ line width = 1 / sin(φ/2) = 1 / cos(α/2) for turn angle α.
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 1e-9, 1 / cosHalf <= miterLimit {
                let k = halfWidth * side / (1 + dot)
                let tip = CGPoint(x: p.x + (n0.x + n1.x) * k, y: p.y + (n0.y + n1.y) * k)
                add([p, a, tip, b], into: &pieces)
            } else {
                add([p, a, b], into: &pieces)
            }
        case .round:
            let start = atan2(a.y - p.y, a.x - p.x)
            var sweep = atan2(b.y - p.y, b.x - p.x) - start
            if abs(cross) < 1e-9 { sweep = -.pi }  // a full reversal: half a disc ahead of the point
            if sweep > .pi { sweep -= 2 * .pi }
            if sweep < -.pi { sweep += 2 * .pi }
            add([p] + arc(center: p, start: start, sweep: sweep), into: &pieces)
        }
    }

    private func addCap(at p: CGPoint, direction d: CGPoint, into pieces: inout [Polyline]) {
        let n = normal(d)
        switch cap {
        case .butt: return
        case .square:
            let e = CGPoint(x: d.x * halfWidth, y: d.y * halfWidth)
            let a = offset(p, n, 1), b = offset(p, n, -1)
            add([a, CGPoint(x: a.x + e.x, y: a.y + e.y), CGPoint(x: b.x + e.x, y: b.y + e.y), b], into: &pieces)
        case .round:
            let start = atan2(n.y, n.x)
            // Rotating n by −π/2 gives d, so the half disc sweeps −π through the direction.
            add(arc(center: p, start: start, sweep: -.pi), into: &pieces)
        }
    }

    /// A zero-length subpath: a disc for round caps, an axis-aligned square for square caps.
    private func dot(at p: CGPoint, into pieces: inout [Polyline]) {
        switch cap {
        case .butt: return
        case .round: add(arc(center: p, start: 0, sweep: 2 * .pi), into: &pieces)
        case .square:
            let h = halfWidth
            add([CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                 CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h)], into: &pieces)
        }
    }

    private func arc(center: CGPoint, start: CGFloat, sweep: CGFloat) -> [CGPoint] {
        let ratio = max(0, min(1, 1 - tolerance / max(halfWidth, 1e-9)))
        let step = max(2 * acos(ratio), 0.01)
        let count = max(1, min(Int((abs(sweep) / step).rounded(.up)), 1024))
        return (0...count).map { i in
            let angle = start + sweep * CGFloat(i) / CGFloat(count)
            return CGPoint(x: center.x + halfWidth * cos(angle), y: center.y + halfWidth * sin(angle))
        }
    }

    private func add(_ points: [CGPoint], into pieces: inout [Polyline]) {
        var area: CGFloat = 0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > 0 else { return }
        var piece = Polyline()
        piece.points = area > 0 ? points : points.reversed()
        piece.isCorner = Array(repeating: true, count: points.count)
        piece.isClosed = true
        piece.hasSegments = true
        pieces.append(piece)
    }

    private func offset(_ p: CGPoint, _ n: CGPoint, _ side: CGFloat) -> CGPoint {
        CGPoint(x: p.x + n.x * halfWidth * side, y: p.y + n.y * halfWidth * side)
    }
    private func normal(_ d: CGPoint) -> CGPoint { CGPoint(x: -d.y, y: d.x) }
    private func unit(_ v: CGPoint) -> CGPoint {
        let l = hypot(v.x, v.y)
        return l > 0 ? CGPoint(x: v.x / l, y: v.y / l) : CGPoint(x: 1, y: 0)
    }
}

extension Polyline {
    /// A closed polyline as a path (move, lines, close).
    static func path(of polylines: [Polyline]) -> CGMutablePath {
        let path = CGMutablePath()
        for polyline in polylines where !polyline.points.isEmpty {
            path.move(to: polyline.points[0])
            for p in polyline.points.dropFirst() { path.addLine(to: p) }
            if polyline.isClosed { path.closeSubpath() }
        }
        return path
    }
}
