import Foundation

/// A layer's mask (lottie-spec's Mask): a path combined with the masks before it by its
/// mode, with an opacity, an expansion and inversion.
struct LottieMask: Decodable, Sendable {
    enum Mode: String, Decodable, Sendable {
        case none = "n", add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f"
    }

    var mode: Mode
    var inverted: Bool
    var path: LottieProperty<LottieBezier>
    var opacity: LottieProperty<LottieScalar>?
    var expansion: LottieProperty<LottieScalar>?
    var name: String?

    enum CodingKeys: String, CodingKey {
        case mode, inverted = "inv", path = "pt", opacity = "o", expansion = "x", name = "nm"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mode = try container.decodeIfPresent(Mode.self, forKey: .mode) ?? .add
        inverted = try container.decodeIfPresent(LottieFlag.self, forKey: .inverted)?.isSet ?? false
        path = try container.decode(LottieProperty<LottieBezier>.self, forKey: .path)
        opacity = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .opacity)
        expansion = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .expansion)
        name = try container.decodeIfPresent(String.self, forKey: .name)
    }
}
