import FlipbookGraphics
import FlipbookAnimation

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as UIKit's `UICubicTimingParameters`.
@MainActor
open class UICubicTimingParameters: UITimingCurveProvider {
    /// The named curve, or `.easeInOut` for custom control points.
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint

    /// The ease-in-ease-out curve.
    public convenience init() { self.init(animationCurve: .easeInOut) }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let points = curve.timingFunction.controlPoints
        (controlPoint1, controlPoint2) = (points[0], points[1])
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
    }

    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as a Core Animation timing function.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}
