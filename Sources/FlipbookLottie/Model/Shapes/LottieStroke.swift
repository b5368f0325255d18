import Foundation

/// A solid stroke of the geometry before it in its group (`st`).
struct LottieStroke: Decodable, Sendable {
    /// RGB or RGBA in 0…1.
    var color: LottieProperty<LottieVector>
    /// Percent.
    var opacity: LottieProperty<LottieScalar>?
    var line: LottieLine
    /// Its name in keypaths ("Stroke 1").
    var name: String?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey { case color = "c", opacity = "o", name = "nm", hidden = "hd" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        color = try container.decode(LottieProperty<LottieVector>.self, forKey: .color)
        opacity = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .opacity)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        hidden = try container.decodeIfPresent(LottieFlag.self, forKey: .hidden)
        line = try LottieLine(from: decoder)
    }
}
