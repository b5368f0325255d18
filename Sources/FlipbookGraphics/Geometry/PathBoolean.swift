import Foundation

/// Boolean operations on the regions two paths fill: each path is flattened into closed
/// polygons, every edge is split where any edge crosses or touches it, and an edge piece is
/// kept where the result's inside lies on exactly one side of it — oriented with the inside
/// on its left — then the kept pieces are chained into closed subpaths. So the result fills
/// the same region under either fill rule, its outer boundaries and holes winding opposite
/// ways, and a stroke of it outlines the region. Curves come back as lines, within a
/// ten-thousandth of their own path's size of the true curve. Paths of more than `maximumEdges`
/// edges together are not combined (the work grows as the square of the edges).
struct PathBoolean {
    /// Which points the result holds, from whether each path holds them.
    enum Operation {
        case union, intersection, subtraction, symmetricDifference

        func keeps(_ a: Bool, _ b: Bool) -> Bool {
            switch self {
            case .union: a || b
            case .intersection: a && b
            case .subtraction: a && !b
            case .symmetricDifference: a != b
            }
        }
    }

    private struct Point: Hashable {
        var x: Double, y: Double
    }

    /// A straight edge of one of the two paths' polygons.
    private struct Edge {
        var a: Point, b: Point
        /// 0 for the first path, 1 for the second.
        var operand: Int
        var minX: Double { min(a.x, b.x) }
        var maxX: Double { max(a.x, b.x) }
    }

    private var edges: [Edge] = []
    /// How far apart two points may be and still count as one, and how far beside an edge
    /// its sides are tested: tiny against the paths' size.
    private let epsilon: Double
    private let quantum: Double

    /// The region `operation` makes of what `first` and `second` fill under `rule`.
    static func path(_ operation: Operation, _ first: CGPath, _ second: CGPath, rule: CGPathFillRule) -> CGPath {
        let box = first.boundingBoxOfPath.union(second.boundingBoxOfPath)
        guard !box.isNull, box.width.isFinite, box.height.isFinite else { return CGMutablePath() }
        var boolean = PathBoolean(size: max(box.width, box.height, 1e-9))
        boolean.add(first, operand: 0)
        boolean.add(second, operand: 1)
        // The work grows as the square of the edges: past the limit it is not done.
        guard boolean.edges.count <= maximumEdges else {
            GraphicsDiagnostics.report("a Boolean operation on paths of \(boolean.edges.count) edges (more than \(maximumEdges)) is not done; the result is the first path")
            return first
        }
        return boolean.result(operation, rule: rule)
    }

    /// The most edges, both paths' together once flattened, an operation takes on.
    static let maximumEdges = 20_000

    private init(size: CGFloat) {
        epsilon = Double(size) * 1e-9
        quantum = Double(size) * 1e-8
    }

    /// The path's polygons as edges, every subpath closed.
    private mutating func add(_ path: CGPath, operand: Int) {
        let box = path.boundingBoxOfPath
        let tolerance = max(max(box.width, box.height) * 1e-4, 1e-9)
        for polyline in path.polylines(tolerance: tolerance) where polyline.points.count > 1 {
            let points = polyline.points.map { Point(x: Double($0.x), y: Double($0.y)) }
            for (index, a) in points.enumerated() {
                let b = points[(index + 1) % points.count]
                if a != b { edges.append(Edge(a: a, b: b, operand: operand)) }
            }
        }
    }

    private static func cross(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double { ax * by - ay * bx }

    /// Each edge's split points as (parameter along it, point), where other edges cross or
    /// touch it. Both edges of a crossing get the same point, so the pieces meet exactly.
    private func splits() -> [[(Double, Point)]] {
        var splits = [[(Double, Point)]](repeating: [], count: edges.count)
        let order = edges.indices.sorted { edges[$0].minX < edges[$1].minX }
        for (position, i) in order.enumerated() {
            let e = edges[i], maxX = e.maxX + epsilon
            let (eMinY, eMaxY) = (min(e.a.y, e.b.y) - epsilon, max(e.a.y, e.b.y) + epsilon)
            for j in order[(position + 1)...] {
                let f = edges[j]
                if f.minX > maxX { break }
                guard max(f.a.y, f.b.y) >= eMinY, min(f.a.y, f.b.y) <= eMaxY else { continue }
                intersect(i, j, into: &splits)
            }
        }
        return splits
    }

    private func intersect(_ i: Int, _ j: Int, into splits: inout [[(Double, Point)]]) {
        let e = edges[i], f = edges[j]
        let (rx, ry) = (e.b.x - e.a.x, e.b.y - e.a.y), (sx, sy) = (f.b.x - f.a.x, f.b.y - f.a.y)
        let (qx, qy) = (f.a.x - e.a.x, f.a.y - e.a.y)
        let denominator = Self.cross(rx, ry, sx, sy)
        let lengths = (rx * rx + ry * ry).squareRoot() * (sx * sx + sy * sy).squareRoot()
        if abs(denominator) > 1e-12 * lengths {
            let t = Self.cross(qx, qy, sx, sy) / denominator, u = Self.cross(qx, qy, rx, ry) / denominator
            let te = epsilon / max((rx * rx + ry * ry).squareRoot(), epsilon), tf = epsilon / max((sx * sx + sy * sy).squareRoot(), epsilon)
            guard t >= -te, t <= 1 + te, u >= -tf, u <= 1 + tf else { return }
            // A crossing at an end of either edge is that end exactly.
            let point = t <= te ? e.a : t >= 1 - te ? e.b : u <= tf ? f.a : u >= 1 - tf ? f.b
                : Point(x: e.a.x + t * rx, y: e.a.y + t * ry)
            if t > te, t < 1 - te { splits[i].append((t, point)) }
            if u > tf, u < 1 - tf { splits[j].append((u, point)) }
            return
        }
        // Parallel: where they lie on one line, each splits at the other's ends.
        guard abs(Self.cross(qx, qy, rx, ry)) <= epsilon * (rx * rx + ry * ry).squareRoot() else { return }
        func project(_ p: Point, onto edge: Edge) -> Double? {
            let (dx, dy) = (edge.b.x - edge.a.x, edge.b.y - edge.a.y)
            let length2 = dx * dx + dy * dy
            guard length2 > 0 else { return nil }
            let t = ((p.x - edge.a.x) * dx + (p.y - edge.a.y) * dy) / length2
            let margin = epsilon / length2.squareRoot()
            return t > margin && t < 1 - margin ? t : nil
        }
        for p in [f.a, f.b] { if let t = project(p, onto: e) { splits[i].append((t, p)) } }
        for p in [e.a, e.b] { if let t = project(p, onto: f) { splits[j].append((t, p)) } }
    }

    /// The edges by horizontal band, so that a point's winding numbers count only the
    /// edges whose rows reach its band.
    private struct Bands {
        let minY: Double, height: Double
        /// Each band's edges, by their index in `PathBoolean.edges`.
        let members: [[Int]]

        init(_ edges: [Edge]) {
            let low = edges.map { min($0.a.y, $0.b.y) }.min() ?? 0, high = edges.map { max($0.a.y, $0.b.y) }.max() ?? 0
            let count = max(1, min(Int(Double(edges.count).squareRoot()) * 2, 4096))
            minY = low
            height = max((high - low) / Double(count), .leastNormalMagnitude)
            var lists = [[Int]](repeating: [], count: count)
            for (index, edge) in edges.enumerated() {
                let first = Self.band(min(edge.a.y, edge.b.y), low, height, count), last = Self.band(max(edge.a.y, edge.b.y), low, height, count)
                for band in first...last { lists[band].append(index) }
            }
            members = lists
        }

        static func band(_ y: Double, _ minY: Double, _ height: Double, _ count: Int) -> Int {
            let position = (y - minY) / height
            return position >= 0 ? Int(min(position, Double(count - 1))) : 0
        }

        func members(at y: Double) -> [Int] { members[Self.band(y, minY, height, members.count)] }
    }

    /// The winding numbers of both operands' polygons around `p`.
    private func windings(at p: Point, in bands: Bands) -> (Int, Int) {
        var windings = (0, 0)
        for index in bands.members(at: p.y) {
            let edge = edges[index]
            guard (edge.a.y <= p.y) != (edge.b.y <= p.y) else { continue }
            let x = edge.a.x + (p.y - edge.a.y) / (edge.b.y - edge.a.y) * (edge.b.x - edge.a.x)
            guard x > p.x else { continue }
            let step = edge.b.y > edge.a.y ? 1 : -1
            if edge.operand == 0 { windings.0 += step } else { windings.1 += step }
        }
        return windings
    }

    private func result(_ operation: Operation, rule: CGPathFillRule) -> CGPath {
        func inside(_ winding: Int) -> Bool { rule == .evenOdd ? winding & 1 != 0 : winding != 0 }
        func key(_ p: Point) -> SIMD2<Int64> { SIMD2(Int64((p.x / quantum).rounded()), Int64((p.y / quantum).rounded())) }
        let splits = splits()
        let bands = Bands(edges)
        // The kept pieces, each with the result's inside on its left, once each.
        var kept: [(from: Point, to: Point)] = []
        var seen = Set<SIMD4<Int64>>()
        for (index, edge) in edges.enumerated() {
            let points = [edge.a] + splits[index].sorted { $0.0 < $1.0 }.map(\.1) + [edge.b]
            for k in 0..<(points.count - 1) {
                let (p, q) = (points[k], points[k + 1])
                let (kp, kq) = (key(p), key(q))
                guard kp != kq else { continue }
                let (dx, dy) = (q.x - p.x, q.y - p.y)
                let length = (dx * dx + dy * dy).squareRoot()
                let offset = 64 * epsilon / length
                let middle = Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
                let left = Point(x: middle.x - dy * offset, y: middle.y + dx * offset)
                let right = Point(x: middle.x + dy * offset, y: middle.y - dx * offset)
                let (leftA, leftB) = windings(at: left, in: bands), (rightA, rightB) = windings(at: right, in: bands)
                let inLeft = operation.keeps(inside(leftA), inside(leftB)), inRight = operation.keeps(inside(rightA), inside(rightB))
                guard inLeft != inRight else { continue }
                let piece = inLeft ? (p, q) : (q, p)
                let (ka, kb) = inLeft ? (kp, kq) : (kq, kp)
                if seen.insert(SIMD4(ka.x, ka.y, kb.x, kb.y)).inserted { kept.append(piece) }
            }
        }
        return Self.chain(kept, key: key)
    }

    /// Closed subpaths from pieces that meet end to start: each piece followed by an unused
    /// one starting where it ends — the one turning furthest left, so a subpath keeps to its
    /// own region where two regions touch at a point — until it returns to its start.
    private static func chain(_ pieces: [(from: Point, to: Point)], key: (Point) -> SIMD2<Int64>) -> CGPath {
        var starting: [SIMD2<Int64>: [Int]] = [:]
        for (index, piece) in pieces.enumerated() { starting[key(piece.from), default: []].append(index) }
        var used = [Bool](repeating: false, count: pieces.count)
        func turn(from a: Int, to b: Int) -> Double {
            let (ax, ay) = (pieces[a].to.x - pieces[a].from.x, pieces[a].to.y - pieces[a].from.y)
            let (bx, by) = (pieces[b].to.x - pieces[b].from.x, pieces[b].to.y - pieces[b].from.y)
            return atan2(cross(ax, ay, bx, by), ax * bx + ay * by)
        }
        let path = CGMutablePath()
        for first in pieces.indices where !used[first] {
            var loop = [pieces[first].from]
            used[first] = true
            var current = first
            let start = key(pieces[first].from)
            while true {
                let end = key(pieces[current].to)
                let best = starting[end]?.filter { !used[$0] }.max { turn(from: current, to: $0) < turn(from: current, to: $1) }
                // Back at the start it closes, unless an unused piece turns further left.
                if end == start, best.map({ turn(from: current, to: $0) <= turn(from: current, to: first) }) ?? true { break }
                guard let next = best else { break }
                loop.append(pieces[next].from)
                used[next] = true
                current = next
            }
            let simplified = simplify(loop)
            guard simplified.count > 2 else { continue }
            path.move(to: CGPoint(x: simplified[0].x, y: simplified[0].y))
            for p in simplified.dropFirst() { path.addLine(to: CGPoint(x: p.x, y: p.y)) }
            path.closeSubpath()
        }
        return path
    }

    /// The loop without the vertices that lie on the line through their neighbours.
    private static func simplify(_ loop: [Point]) -> [Point] {
        guard loop.count > 3 else { return loop }
        var result: [Point] = []
        for (index, p) in loop.enumerated() {
            let previous = result.last ?? loop[loop.count - 1], next = loop[(index + 1) % loop.count]
            let turn = cross(p.x - previous.x, p.y - previous.y, next.x - p.x, next.y - p.y)
            let scale = hypot(p.x - previous.x, p.y - previous.y) * hypot(next.x - p.x, next.y - p.y)
            if abs(turn) > 1e-12 * scale { result.append(p) }
        }
        return result
    }
}
