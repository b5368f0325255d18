import Foundation
import FlipbookGraphics

/// A path with the settings to stroke it, as UIKit's `UIBezierPath`, in UIKit's y-down
/// coordinates: a `clockwise` arc turns clockwise on screen.
///
/// Difference: rounded rectangles have circular corners (UIKit's are a smoother,
/// continuous curve), and `cornerRadii` uses its width for both directions, as UIKit does.
open class UIBezierPath: NSObject, @unchecked Sendable {
    private var path = CGMutablePath()

    /// Stroke settings, used by `stroke()`.
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    /// Accepted for compatibility; curves are always flattened within 1/16 pixel.
    open var flatness: CGFloat = 0.6
    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule (else non-zero).
    open var usesEvenOddFillRule = false
    private var dash: (pattern: [CGFloat], phase: CGFloat) = ([], 0)

    public override init() { super.init() }

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the chosen corners rounded by `cornerRadii.width` (at most half the
    /// shorter side), starting at the top edge and running clockwise.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        guard !r.isNull, r.width.isFinite, r.height.isFinite else { return }
        let radius = min(max(cornerRadii.width.isNaN ? 0 : cornerRadii.width, 0), min(r.width, r.height) / 2)
        let round = { (corner: UIRectCorner) in corners.contains(corner) ? radius : 0 }
        let topLeft = CGPoint(x: r.minX, y: r.minY), topRight = CGPoint(x: r.maxX, y: r.minY)
        let bottomRight = CGPoint(x: r.maxX, y: r.maxY), bottomLeft = CGPoint(x: r.minX, y: r.maxY)
        path.move(to: CGPoint(x: r.minX + round(.topLeft), y: r.minY))
        path.addArc(tangent1End: topRight, tangent2End: bottomRight, radius: round(.topRight))
        path.addArc(tangent1End: bottomRight, tangent2End: bottomLeft, radius: round(.bottomRight))
        path.addArc(tangent1End: bottomLeft, tangent2End: topLeft, radius: round(.bottomLeft))
        path.addArc(tangent1End: topLeft, tangent2End: topRight, radius: round(.topLeft))
        path.closeSubpath()
    }

    /// An arc of a circle: angles in radians from the positive x axis, `clockwise` as seen
    /// on screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path as Core Graphics sees it.
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    open var isEmpty: Bool { path.isEmpty }
    /// The end of the last element.
    open var currentPoint: CGPoint { path.currentPoint }
    /// The smallest rectangle holding the path's points on the curves (not their control points).
    open var bounds: CGRect { path.boundingBoxOfPath }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // Core Graphics' `clockwise` is meant for y-up space; on UIKit's y-down screen it is the opposite.
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path = CGMutablePath() }
    /// Adds `other`'s subpaths to this path.
    open func append(_ other: UIBezierPath) { path.addPath(other.cgPath) }
    /// Transforms every point of the path.
    open func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
    }

    /// The same shape traced backwards: each subpath from its end to its start.
    open func reversing() -> UIBezierPath {
        let reversed = UIBezierPath(cgPath: PathReversal.reversed(path))
        reversed.copySettings(from: self)
        return reversed
    }

    /// Whether `point` is inside, by the path's fill rule.
    open func contains(_ point: CGPoint) -> Bool { path.contains(point, using: fillRule) }

    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dash = (pattern.map { Array(UnsafeBufferPointer(start: $0, count: max(count, 0))) } ?? [], phase)
    }

    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?, phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (i, length) in dash.pattern.enumerated() { pattern[i] = length } }
        count?.pointee = dash.pattern.count
        phase?.pointee = dash.phase
    }

    /// Fills the path with the current context's fill colour (nothing without a context).
    open func fill() { fill(with: .normal, alpha: 1) }

    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        drawing(blendMode, alpha) { $0.fillPath(using: fillRule) }
    }

    /// Strokes the path with the current stroke colour and this path's line settings.
    open func stroke() { stroke(with: .normal, alpha: 1) }

    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        drawing(blendMode, alpha) { context in
            context.setLineWidth(lineWidth)
            context.setLineCap(lineCapStyle)
            context.setLineJoin(lineJoinStyle)
            context.setMiterLimit(miterLimit)
            context.setLineDash(phase: dash.phase, lengths: dash.pattern)
            context.strokePath()
        }
    }

    /// Intersects the current context's clip with the path's inside.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return UIDiagnostics.report("UIBezierPath.addClip: no current context") }
        context.addPath(path)
        context.clip(using: fillRule)
    }

    private var fillRule: CGPathFillRule { usesEvenOddFillRule ? .evenOdd : .winding }

    private func drawing(_ blendMode: CGBlendMode, _ alpha: CGFloat, _ paint: (CGContext) -> Void) {
        guard let context = UIGraphicsGetCurrentContext() else { return UIDiagnostics.report("UIBezierPath: no current context to draw in") }
        context.painting(blendMode, alpha: alpha) { context in
            context.beginPath()
            context.addPath(path)
            paint(context)
        }
    }

    private func copySettings(from other: UIBezierPath) {
        (lineWidth, lineCapStyle, lineJoinStyle, miterLimit) = (other.lineWidth, other.lineCapStyle, other.lineJoinStyle, other.miterLimit)
        (flatness, usesEvenOddFillRule, dash) = (other.flatness, other.usesEvenOddFillRule, other.dash)
    }

    open override func copy() -> Any {
        let copy = UIBezierPath(cgPath: path)
        copy.copySettings(from: self)
        return copy
    }
}
