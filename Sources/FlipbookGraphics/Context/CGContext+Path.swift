extension CGContext {
    /// Discards the current path.
    public func beginPath() { currentPath = CGMutablePath() }

    /// Starts a subpath at `point` (user space, mapped through the CTM now).
    public func move(to point: CGPoint) { currentPath.move(to: point, transform: state.ctm) }
    /// Adds a line to `point`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point, transform: state.ctm) }
    /// Adds a cubic Bézier curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }
    /// Adds a quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }
    /// Closes the current subpath.
    public func closePath() { currentPath.closeSubpath() }
    /// Adds a rectangle.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: state.ctm) }
    /// Adds rectangles.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: state.ctm) }
    /// Adds a polyline.
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points, transform: state.ctm) }
    /// Adds an ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: state.ctm) }
    /// Adds an arc; see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                    clockwise: clockwise, transform: state.ctm)
    }
    /// Adds an arc tangent to two lines; see `CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }
    /// Adds a path given in user space.
    public func addPath(_ newPath: CGPath) { currentPath.addPath(newPath, transform: state.ctm) }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { currentPath.isEmpty }
    /// The current point of the path in user space.
    public var currentPointOfPath: CGPoint { currentPath.currentPoint.applying(state.ctm.inverted()) }
    /// The bounding box of the current path in user space.
    public var boundingBoxOfPath: CGRect { userPath.boundingBoxOfPath }
    /// A copy of the current path in user space, or `nil` when it is empty.
    public var path: CGPath? { currentPath.isEmpty ? nil : userPath }

    /// Whether `point` (user space) is inside the current path drawn with `mode`.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let p = point.applying(state.ctm)
        switch mode {
        case .fill, .fillStroke: return currentPath.contains(p, using: .winding)
        case .eoFill, .eoFillStroke: return currentPath.contains(p, using: .evenOdd)
        case .stroke: return strokeOutline(of: currentPath).contains(p, using: .winding)
        }
    }

    /// Replaces the current path with the outline of its stroke under the current line
    /// attributes.
    public func replacePathWithStrokedPath() {
        currentPath = strokeOutline(of: currentPath)
    }

    var userPath: CGPath { currentPath.copy(using: [state.ctm.inverted()]) ?? CGPath(elements: []) }

    func strokeOutline(of devicePath: CGPath) -> CGMutablePath { Polyline.path(of: strokeContours(of: devicePath)) }
}
