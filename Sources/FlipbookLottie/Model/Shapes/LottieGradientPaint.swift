import Foundation

/// What a gradient fill and a gradient stroke share: the stops, from where to where, linear
/// or radial, and a radial gradient's highlight.
struct LottieGradientPaint: Decodable, Sendable {
    var gradient: LottieGradient
    var startPoint: LottieProperty<LottieVector>?
    var endPoint: LottieProperty<LottieVector>?
    /// 1 linear, 2 radial.
    var gradientType: Int?
    /// A radial gradient's focus, percent of the radius.
    var highlightLength: LottieProperty<LottieScalar>?
    /// Degrees.
    var highlightAngle: LottieProperty<LottieScalar>?

    enum CodingKeys: String, CodingKey {
        case gradient = "g", startPoint = "s", endPoint = "e", gradientType = "t", highlightLength = "h", highlightAngle = "a"
    }
}

extension LottieGradientPaint {
    /// Whether a radial gradient's highlight moves over the animation: its length or
    /// angle animates, or the start-to-end direction it turns with does (drawn where it
    /// is on the first frame).
    var animatesHighlight: Bool {
        guard gradientType == 2 else { return false }
        if highlightLength?.isAnimated == true { return true }
        let highlighted = (highlightLength?.initialValue.value ?? 0) != 0
        return highlighted && [highlightAngle?.isAnimated, startPoint?.isAnimated, endPoint?.isAnimated].contains(true)
    }
}
