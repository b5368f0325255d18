/// How far, in device pixels, a flattened curve may stray from the true curve when filled or
/// stroked: 1/16 px, so an edge pixel's coverage moves by at most 16 of 255 levels. That is
/// finer than Cairo's default (0.1 px) and Blend2D's (0.2 px) and inside the ¼ px the
/// architecture allows; halving it again makes √2 times the edges a curve flattens into
/// (Wang's bound goes as the square root of 1/tolerance). Chords lie inside convex curves,
/// so a circle loses up to ⅔·tolerance·perimeter of its area.
let flatteningTolerance: CGFloat = 1.0 / 16

/// What `CGPath.flatten` hands the flattened subpaths to, one vertex at a time.
protocol FlatteningSink {
    /// A subpath starts at `point`; at most `vertices` more follow before its end.
    mutating func begin(at point: CGPoint, vertices: Int)
    /// The subpath's next vertex; `corner` when it ends a path element rather than lying
    /// inside a flattened curve.
    mutating func add(_ point: CGPoint, corner: Bool)
    /// The subpath ends: `closed` when by `closeSubpath`.
    mutating func end(closed: Bool)
}

extension CGPath {
    /// The path flattened into polylines after mapping through `transform`, with every curve
    /// within `tolerance` of the true curve (in the transformed space).
    func polylines(transform: CGAffineTransform = .identity, tolerance: CGFloat) -> [Polyline] {
        var collector = PolylineCollector()
        flatten(transform: transform, tolerance: tolerance, into: &collector)
        return collector.polylines
    }

    /// Flattens the path, mapped through `transform`, into `sink`: each subpath that has a
    /// point, with every curve within `tolerance` of the true curve (in the transformed
    /// space). A line or curve after a close starts a new subpath at the closed one's start.
    func flatten<Sink: FlatteningSink>(transform: CGAffineTransform = .identity, tolerance: CGFloat,
                                       into sink: inout Sink) {
        // First each curve's segment count and each subpath's vertices, so that sinks can
        // allocate once; both lists fit in a buffer on the stack for paths of some size.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * elements.count + 1) { counts in
            let segments = counts.baseAddress!, sizes = segments + elements.count
            var curves = 0, subpaths = 0
            sizes[0] = 0
            var end = CGPoint.zero
            for raw in elements {
                let element = raw.applying(transform)
                switch element {
                case .move(let p): subpaths += 1; sizes[subpaths] = 0; end = p
                case .line(let p): sizes[subpaths] += 1; end = p
                case .quad(let c, let p):
                    segments[curves] = Self.segmentCount(end, c, p, tolerance: tolerance)
                    sizes[subpaths] += segments[curves]; curves += 1; end = p
                case .cubic(let c1, let c2, let p):
                    segments[curves] = Self.segmentCount(end, c1, c2, p, tolerance: tolerance)
                    sizes[subpaths] += segments[curves]; curves += 1; end = p
                case .close: break
                }
            }
            flatten(transform: transform, segments: segments, sizes: sizes, into: &sink)
        }
    }

    /// `flatten`'s walk, given each curve's segment count and each subpath's vertices.
    private func flatten<Sink: FlatteningSink>(transform: CGAffineTransform, segments: UnsafePointer<Int>,
                                               sizes: UnsafePointer<Int>, into sink: inout Sink) {
        var open = false
        var start = CGPoint.zero
        var last = CGPoint.zero
        var subpath = 0, curve = 0
        func beginIfClosed() {
            if !open { sink.begin(at: start, vertices: sizes[subpath]); open = true }
        }
        for raw in elements {
            let element = raw.applying(transform)
            switch element {
            case .move(let p):
                if open { sink.end(closed: false) }
                subpath += 1
                start = p; last = p
                sink.begin(at: p, vertices: sizes[subpath])
                open = true
            case .line(let p):
                beginIfClosed()
                sink.add(p, corner: true)
                last = p
            case .quad(let c, let p):
                beginIfClosed()
                let n = segments[curve]
                curve += 1
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), s = 1 - t
                    let q = CGPoint(x: s * s * last.x + 2 * s * t * c.x + t * t * p.x,
                                    y: s * s * last.y + 2 * s * t * c.y + t * t * p.y)
                    sink.add(i == n ? p : q, corner: i == n)
                }
                last = p
            case .cubic(let c1, let c2, let p):
                beginIfClosed()
                let n = segments[curve]
                curve += 1
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n)
                    sink.add(i == n ? p : cubicPoint(last, c1, c2, p, t), corner: i == n)
                }
                last = p
            case .close:
                if open { sink.end(closed: true) }
                open = false
                last = start
            }
        }
        if open { sink.end(closed: false) }
    }

    /// Wang's bound: segments needed so a uniform split of a quadratic stays within tolerance.
    /// A straight quadratic (`PathElement.isStraight`) is its chord: one segment.
    static func segmentCount(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, tolerance: CGFloat) -> Int {
        if PathElement.quad(c, p1).isStraight(from: p0) { return 1 }
        let dd = hypot(p0.x - 2 * c.x + p1.x, p0.y - 2 * c.y + p1.y)
        return clampedCount(sqrt(dd * 0.25 / tolerance))
    }

    /// Wang's bound for a cubic. A straight cubic (`PathElement.isStraight`: a Lottie path's
    /// straight side) is one segment, where Wang's bound — which measures how unevenly the
    /// curve is parametrised, not how it bends — would cut a side 300 px long into 60
    /// collinear pieces.
    static func segmentCount(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, tolerance: CGFloat) -> Int {
        if PathElement.cubic(c1, c2, p1).isStraight(from: p0) { return 1 }
        let d1 = hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y)
        let d2 = hypot(c1.x - 2 * c2.x + p1.x, c1.y - 2 * c2.y + p1.y)
        return clampedCount(sqrt(max(d1, d2) * 0.75 / tolerance))
    }

    private static func clampedCount(_ value: CGFloat) -> Int {
        guard value.isFinite else { return 1 }
        return min(max(Int(value.rounded(.up)), 1), 4096)
    }
}
