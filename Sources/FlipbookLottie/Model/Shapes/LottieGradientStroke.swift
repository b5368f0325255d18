import Foundation

/// A gradient stroke (`gs`): a gradient fill's colours on a stroke's line.
struct LottieGradientStroke: Decodable, Sendable {
    var gradient: LottieGradient
    var startPoint: LottieProperty<LottieVector>?
    var endPoint: LottieProperty<LottieVector>?
    /// 1 linear, 2 radial.
    var gradientType: Int?
    var highlightLength: LottieProperty<LottieScalar>?
    var highlightAngle: LottieProperty<LottieScalar>?
    /// Percent.
    var opacity: LottieProperty<LottieScalar>?
    var width: LottieProperty<LottieScalar>?
    /// 1 butt, 2 round, 3 square.
    var lineCap: Int?
    /// 1 miter, 2 round, 3 bevel.
    var lineJoin: Int?
    var miterLimit: Double?
    var dashes: [LottieDash]?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case gradient = "g", startPoint = "s", endPoint = "e", gradientType = "t", highlightLength = "h", highlightAngle = "a", opacity = "o", width = "w", lineCap = "lc", lineJoin = "lj", miterLimit = "ml", dashes = "d", hidden = "hd"
    }
}
