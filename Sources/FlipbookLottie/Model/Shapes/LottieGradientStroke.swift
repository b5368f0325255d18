import Foundation

/// A gradient stroke (`gs`): a gradient's colours on a stroke's line.
struct LottieGradientStroke: Decodable, Sendable {
    var paint: LottieGradientPaint
    /// Percent.
    var opacity: LottieProperty<LottieScalar>?
    var line: LottieLine
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey { case opacity = "o", hidden = "hd" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        opacity = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .opacity)
        hidden = try container.decodeIfPresent(LottieFlag.self, forKey: .hidden)
        paint = try LottieGradientPaint(from: decoder)
        line = try LottieLine(from: decoder)
    }
}
