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
    /// Whether a radial gradient's focus is moved off its centre (drawn centred for now).
    var hasHighlight: Bool {
        gradientType == 2 && highlightLength.map { $0.isAnimated || $0.initialValue.value != 0 } == true
    }
}
