
/// Timing for a `UIViewPropertyAnimator`: a cubic Bézier curve or a spring, as UIKit's
/// protocol.
@MainActor
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}
