import FlipbookGraphics

/// How a shape layer strokes: width, caps, joins, miter limit and dashes, as a context
/// takes them. Shape layers stroke with it, and a mask that is one opaque stroke clips to
/// the outline it paints.
struct ShapeStroke: Equatable, Sendable {
    var width: CGFloat
    var cap: CGLineCap
    var join: CGLineJoin
    var miterLimit: CGFloat
    /// The dash lengths, nil for a solid line, and how far into them the line starts.
    var dashes: [CGFloat]?
    var dashPhase: CGFloat

    /// A shape layer's stroke under `state` (read in place).
    init(_ state: UnsafePointer<LayerState>, lineCap: CGLineCap, lineJoin: CGLineJoin) {
        width = CGFloat(state.pointee.lineWidth)
        cap = lineCap
        join = lineJoin
        miterLimit = CGFloat(state.pointee.miterLimit)
        dashes = state.pointee.lineDashPattern.flatMap { $0.isEmpty ? nil : $0.map { CGFloat($0) } }
        dashPhase = CGFloat(state.pointee.lineDashPhase)
    }

    /// The part of `path` a shape layer's stroke paints: trimmed by its `strokeStart` and
    /// `strokeEnd` (dashes run along that part).
    static func stroked(_ path: CGPath, from strokeStart: Double, to strokeEnd: Double) -> CGPath {
        path.trimmedPath(from: CGFloat(strokeStart), to: CGFloat(strokeEnd))
    }

    /// How far this stroke's outline can reach from `path`: half the width, √2 times that
    /// at a square cap's corners, and as far as a miter join's corners reach
    /// (`CGPath.miterReach`, at most the miter limit's half-widths).
    func reach(from path: CGPath) -> CGFloat {
        let miter = join == .miter ? path.miterReach(limit: miterLimit, transform: .identity) : 1
        return width / 2 * max(cap == .square ? 2.squareRoot() : 1, miter)
    }

    /// Adds the outline this stroke paints of `path` (user space) to `context`'s path,
    /// the context's line attributes set to this stroke's.
    func addOutline(of path: CGPath, to context: CGContext) {
        apply(to: context)
        context.addPath(path)
        context.replacePathWithStrokedPath()
    }

    /// Sets `context`'s line attributes to this stroke's.
    func apply(to context: CGContext) {
        context.setLineWidth(width)
        context.setLineCap(cap)
        context.setLineJoin(join)
        context.setMiterLimit(miterLimit)
        if let dashes { context.setLineDash(phase: dashPhase, lengths: dashes) }
    }
}
