import Foundation

/// A gradient fill (`gf`): linear or radial, colour and opacity stops.
struct LottieGradientFill: Decodable, Sendable {
    var gradient: LottieGradient
    var startPoint: LottieProperty<LottieVector>?
    var endPoint: LottieProperty<LottieVector>?
    /// 1 linear, 2 radial.
    var gradientType: Int?
    /// A radial gradient's focus, percent of the radius.
    var highlightLength: LottieProperty<LottieScalar>?
    /// Degrees.
    var highlightAngle: LottieProperty<LottieScalar>?
    /// Percent.
    var opacity: LottieProperty<LottieScalar>?
    /// 1 non-zero, 2 even-odd.
    var fillRule: Int?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case gradient = "g", startPoint = "s", endPoint = "e", gradientType = "t", highlightLength = "h", highlightAngle = "a", opacity = "o", fillRule = "r", hidden = "hd"
    }
}
