/// A layer's outline: its bounds with `cornerRadius` rounding the corners `maskedCorners`
/// names (the radius limited to half the shorter side, as Core Animation draws it). The
/// background fills it, `masksToBounds` clips to it and the border lines its inside.
struct LayerOutline: Equatable {
    var bounds: CGRect
    var cornerRadius: CGFloat
    var corners: CACornerMask
    /// The path, when it was made ahead (a committed layer's outline keeps its own).
    var madePath: CGPath?

    init(bounds: CGRect, cornerRadius: CGFloat, corners: CACornerMask) {
        self.bounds = bounds
        self.cornerRadius = cornerRadius
        self.corners = corners
    }

    /// The outline as a closed path, clockwise on screen from the top-left corner.
    var path: CGPath { madePath ?? makePath() }

    /// The outline with its path made now.
    func withPathMade() -> LayerOutline {
        var outline = self
        outline.madePath = makePath()
        return outline
    }

    /// Whether the two outlines have the same shape: a path made ahead is the path their
    /// bounds, radius and corners make.
    static func == (lhs: LayerOutline, rhs: LayerOutline) -> Bool {
        lhs.bounds == rhs.bounds && lhs.cornerRadius == rhs.cornerRadius && lhs.corners == rhs.corners
    }

    private func makePath() -> CGPath {
        let path = CGMutablePath()
        let r = bounds.standardized
        guard r.width > 0, r.height > 0 else { return path }
        let limited = max(0, min(cornerRadius.isFinite ? cornerRadius : 0, r.width / 2, r.height / 2))
        func radius(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? limited : 0 }
        let topLeft = radius(.layerMinXMinYCorner), topRight = radius(.layerMaxXMinYCorner)
        let bottomRight = radius(.layerMaxXMaxYCorner), bottomLeft = radius(.layerMinXMaxYCorner)
        path.move(to: CGPoint(x: r.minX + topLeft, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - topRight, y: r.minY))
        if topRight > 0 {
            path.addArc(tangent1End: CGPoint(x: r.maxX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.maxY), radius: topRight)
        }
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - bottomRight))
        if bottomRight > 0 {
            path.addArc(tangent1End: CGPoint(x: r.maxX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.maxY),
                        radius: bottomRight)
        }
        path.addLine(to: CGPoint(x: r.minX + bottomLeft, y: r.maxY))
        if bottomLeft > 0 {
            path.addArc(tangent1End: CGPoint(x: r.minX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.minY), radius: bottomLeft)
        }
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + topLeft))
        if topLeft > 0 {
            path.addArc(tangent1End: CGPoint(x: r.minX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.minY), radius: topLeft)
        }
        path.closeSubpath()
        return path
    }

    /// The outline moved inward by `width` (the inner edge of a border of that width):
    /// corner radii shrink by the same amount.
    func inset(by width: CGFloat) -> LayerOutline {
        let inner = bounds.standardized.insetBy(dx: width, dy: width)
        return LayerOutline(bounds: inner.isNull ? .zero : inner, cornerRadius: max(0, cornerRadius - width), corners: corners)
    }

    /// Fills the outline with `color` (a layer's background). `map` carries paths from the
    /// layer's plane to where they are drawn (identity, or a projective map).
    func drawBackground(_ color: SIMD4<Double>, in context: CGContext, map: (CGPath) -> CGPath = { $0 }) {
        guard color.w > 0 else { return }
        context.setFillColor(AnimatableValue.cgColor(color))
        context.addPath(map(path))
        context.fillPath()
    }

    /// Fills a border of `width` in `color`: the ring between the outline and the outline
    /// inset by the width.
    func drawBorder(_ color: SIMD4<Double>, width: CGFloat, in context: CGContext, map: (CGPath) -> CGPath = { $0 }) {
        guard width > 0, color.w > 0 else { return }
        context.setFillColor(AnimatableValue.cgColor(color))
        context.addPath(map(path))
        context.addPath(map(inset(by: width).path))
        context.fillPath(using: .evenOdd)
    }
}

extension LayerOutline {
    /// The outline of a layer with `state`'s bounds and corner radius, rounding `corners`
    /// (its attributes' masked corners).
    init(_ state: LayerState, corners: CACornerMask) {
        self.init(bounds: state.bounds, cornerRadius: CGFloat(state.cornerRadius), corners: corners)
    }
}
