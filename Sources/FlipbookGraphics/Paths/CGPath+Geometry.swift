extension CGPath {
    /// The smallest rectangle containing every point of the path, control points included;
    /// `.null` for an empty path.
    public var boundingBox: CGRect {
        var box = BoundingBox()
        for element in elements {
            switch element {
            case .move(let p), .line(let p): box.include(p)
            case .quad(let c, let p): box.include(c); box.include(p)
            case .cubic(let c1, let c2, let p): box.include(c1); box.include(c2); box.include(p)
            case .close: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle containing the path itself, curves at their extremes but
    /// not their control points; `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoundingBox()
        var last = CGPoint.zero, start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): box.include(p); last = p; start = p
            case .line(let p): box.include(p); last = p
            case .quad(let c, let p):
                box.include(p)
                let from = last
                func include(at t: CGFloat) {
                    let s = 1 - t
                    box.include(CGPoint(x: s * s * from.x + 2 * s * t * c.x + t * t * p.x,
                                        y: s * s * from.y + 2 * s * t * c.y + t * t * p.y))
                }
                Self.quadExtrema(last.x, c.x, p.x, include)
                Self.quadExtrema(last.y, c.y, p.y, include)
                last = p
            case .cubic(let c1, let c2, let p):
                box.include(p)
                let from = last
                func include(at t: CGFloat) { box.include(cubicPoint(from, c1, c2, p, t)) }
                Self.cubicExtrema(last.x, c1.x, c2.x, p.x, include)
                Self.cubicExtrema(last.y, c1.y, c2.y, p.y, include)
                last = p
            case .close: last = start
            }
        }
        return box.rect
    }

    /// Whether `point` lies inside the path under `rule`, each subpath implicitly closed.
    /// As Apple documents, `transform` is applied to the point before the test.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let point = point.applying(transform)
        guard point.isFinite else { return false }
        let bounds = boundingBox
        guard !bounds.isNull else { return false }
        let tolerance = max(bounds.width, bounds.height, 1) * 1e-4
        var winding = 0
        for polyline in polylines(tolerance: tolerance) {
            let pts = polyline.points
            guard pts.count > 1 else { continue }
            var a = pts[pts.count - 1]
            for b in pts {
                if (a.y <= point.y) != (b.y <= point.y) {
                    let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                    if x > point.x { winding += b.y > a.y ? 1 : -1 }
                }
                a = b
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// The outline of the path's stroke as a path to fill with the non-zero rule.
    ///
    /// Like Apple's, the outline is one closed contour per open subpath and two per closed
    /// one, with curves flattened within 1/100 of a unit. Its inner sides pass through the
    /// path's vertices where the segments are short, so it may cross itself: fill or
    /// hit-test it with `.winding`.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let tolerance: CGFloat = 0.01
        let stroker = Stroker(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit,
                              tolerance: tolerance)
        let path = Polyline.path(of: stroker.stroke(polylines(tolerance: tolerance)))
        return path.copy(using: [transform]) ?? path
    }

    /// The path split into dashes: `lengths` alternate painted and unpainted lengths, and
    /// `phase` is how far into the pattern the path starts. Curves stay curves. A pattern
    /// that is empty, has a negative or non-finite length, or sums to zero leaves the path
    /// solid, as Apple strokes it.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        let dashed = Dasher(phase: phase, lengths: lengths).dash(self)
        return dashed.copy(using: [transform]) ?? dashed
    }

    /// Hands `body` each parameter in (0, 1) where a quadratic's coordinate has a turning
    /// point (at most one). Called for every curve of a bounding box, so nothing is allocated.
    static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ body: (CGFloat) -> Void) {
        let d = a - 2 * b + c
        guard d != 0 else { return }
        let t = (a - b) / d
        if t > 0 && t < 1 { body(t) }
    }

    /// Hands `body` each parameter in (0, 1) where a cubic's coordinate has a turning point
    /// (at most two).
    static func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat, _ body: (CGFloat) -> Void) {
        // Derivative / 3: a t² + b t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        func visit(_ t: CGFloat) { if t > 0 && t < 1 { body(t) } }
        if abs(a) < 1e-12 {
            if b != 0 { visit(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let r = disc.squareRoot()
                visit((-b + r) / (2 * a))
                visit((-b - r) / (2 * a))
            }
        }
    }
}
