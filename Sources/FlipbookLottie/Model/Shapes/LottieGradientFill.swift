import Foundation

/// A gradient fill (`gf`): linear or radial, colour and opacity stops.
struct LottieGradientFill: Decodable, Sendable {
    var paint: LottieGradientPaint
    /// Percent.
    var opacity: LottieProperty<LottieScalar>?
    /// 1 non-zero, 2 even-odd.
    var fillRule: Int?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey { case opacity = "o", fillRule = "r", hidden = "hd" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        opacity = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .opacity)
        fillRule = try container.decodeIfPresent(Int.self, forKey: .fillRule)
        hidden = try container.decodeIfPresent(LottieFlag.self, forKey: .hidden)
        paint = try LottieGradientPaint(from: decoder)
    }
}
