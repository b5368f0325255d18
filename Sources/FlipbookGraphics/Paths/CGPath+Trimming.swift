/// One drawn piece of a path: a line or curve from `start`, as control points.
private struct PathPiece {
    /// start, then controls, then end (2, 3 or 4 points for line, quadratic, cubic).
    var points: [CGPoint]
    /// Whether it is the segment `closeSubpath` draws back to the subpath's start.
    var isClosing = false
    /// Arc length at parameters 0, 1/n, …, 1 (from flattening).
    var lengths: [CGFloat] = []

    var length: CGFloat { lengths.last ?? 0 }

    func point(at t: CGFloat) -> CGPoint {
        switch points.count {
        case 2: return CGPoint(x: points[0].x + (points[1].x - points[0].x) * t, y: points[0].y + (points[1].y - points[0].y) * t)
        case 3:
            let s = 1 - t
            return CGPoint(x: s * s * points[0].x + 2 * s * t * points[1].x + t * t * points[2].x,
                           y: s * s * points[0].y + 2 * s * t * points[1].y + t * t * points[2].y)
        default: return cubicPoint(points[0], points[1], points[2], points[3], t)
        }
    }

    mutating func measure() {
        let n = points.count == 2 ? 1 : 64
        var total: CGFloat = 0, previous = points[0]
        lengths = [0]
        for i in 1...n {
            let p = point(at: CGFloat(i) / CGFloat(n))
            total += hypot(p.x - previous.x, p.y - previous.y)
            lengths.append(total)
            previous = p
        }
    }

    /// The parameter where the arc length from the start is `distance`.
    func parameter(atLength distance: CGFloat) -> CGFloat {
        guard length > 0 else { return 0 }
        let n = lengths.count - 1
        var i = 1
        while i < n && lengths[i] < distance { i += 1 }
        let span = lengths[i] - lengths[i - 1]
        let fraction = span > 0 ? (distance - lengths[i - 1]) / span : 0
        return (CGFloat(i - 1) + min(max(fraction, 0), 1)) / CGFloat(n)
    }

    /// The part between parameters `t0` and `t1`, by de Casteljau subdivision.
    func part(from t0: CGFloat, to t1: CGFloat) -> [CGPoint] {
        func split(_ p: [CGPoint], at t: CGFloat) -> (low: [CGPoint], high: [CGPoint]) {
            var levels = [p]
            while levels[levels.count - 1].count > 1 {
                let last = levels[levels.count - 1]
                levels.append((0..<last.count - 1).map { i in
                    CGPoint(x: last[i].x + (last[i + 1].x - last[i].x) * t, y: last[i].y + (last[i + 1].y - last[i].y) * t)
                })
            }
            return (levels.map { $0[0] }, levels.reversed().map { $0[$0.count - 1] })
        }
        let tail = t0 > 0 ? split(points, at: t0).high : points
        guard t1 < 1 else { return tail }
        let local = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
        return split(tail, at: local).low
    }
}

extension CGPath {
    /// The part of the path between fractions `from` and `to` of its total length (over
    /// all subpaths, closing segments included), as SwiftUI's `Path.trimmedPath(from:to:)`
    /// and Core Animation's `strokeStart`/`strokeEnd` trim it (Flipbook's addition to
    /// Core Graphics). Curves stay curves, split exactly at the cut, but for one whose
    /// control points lie on its ends: that is the straight line it draws, and becomes a
    /// line. A closed subpath kept whole stays closed, one that is cut becomes open.
    /// Fractions are clamped to 0…1; `from ≥ to` gives an empty path.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> CGPath {
        let start = min(max(from.isFinite ? from : 0, 0), 1), end = min(max(to.isFinite ? to : 1, 0), 1)
        if start <= 0 && end >= 1 { return self }
        let trimmed = CGMutablePath()
        guard start < end else { return trimmed }
        // Subpaths as pieces.
        var subpaths: [(pieces: [PathPiece], closed: Bool)] = []
        var first = CGPoint.zero, last = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p):
                subpaths.append(([], false))
                first = p; last = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                if subpaths.isEmpty { subpaths.append(([], false)) }
                // A straight curve is measured and cut as the line it is, exactly.
                let controls: [CGPoint] = switch element {
                case _ where element.isStraight(from: last): []
                case .quad(let c, _): [c]
                case .cubic(let c1, let c2, _): [c1, c2]
                default: []
                }
                var piece = PathPiece(points: [last] + controls + [p])
                piece.measure()
                subpaths[subpaths.count - 1].pieces.append(piece)
                last = p
            case .close:
                guard !subpaths.isEmpty else { continue }
                var piece = PathPiece(points: [last, first], isClosing: true)
                piece.measure()
                subpaths[subpaths.count - 1].pieces.append(piece)
                subpaths[subpaths.count - 1].closed = true
                subpaths.append(([], false))
                last = first
            }
        }
        let total = subpaths.reduce(0) { $0 + $1.pieces.reduce(0) { $0 + $1.length } }
        guard total > 0 else { return trimmed }
        let low = start * total, high = end * total
        var walked: CGFloat = 0
        for subpath in subpaths {
            let length = subpath.pieces.reduce(0) { $0 + $1.length }
            defer { walked += length }
            guard walked + length > low, walked < high, !subpath.pieces.isEmpty else { continue }
            let whole = walked >= low && walked + length <= high
            var position = walked, open = false
            for piece in subpath.pieces {
                defer { position += piece.length }
                let a = max(low - position, 0), b = min(high - position, piece.length)
                guard b > a || (piece.length == 0 && position >= low && position <= high) else { continue }
                if whole && piece.isClosing {
                    trimmed.closeSubpath()
                    continue
                }
                let t0 = piece.parameter(atLength: a), t1 = piece.length > 0 ? piece.parameter(atLength: b) : 1
                let part = piece.part(from: t0, to: t1)
                if !open {
                    trimmed.move(to: part[0])
                    open = true
                }
                switch part.count {
                case 2: trimmed.addLine(to: part[1])
                case 3: trimmed.addQuadCurve(to: part[2], control: part[1])
                default: trimmed.addCurve(to: part[3], control1: part[1], control2: part[2])
                }
            }
        }
        return trimmed
    }
}
