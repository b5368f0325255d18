import Foundation

/// A repeater's transform: what each copy adds to the one before, and the opacity of the
/// first and the last copy.
struct LottieRepeaterTransform: Decodable, Sendable {
    var transform: LottieTransform
    /// The first copy's opacity, percent.
    var startOpacity: LottieProperty<LottieScalar>?
    /// The last copy's opacity, percent.
    var endOpacity: LottieProperty<LottieScalar>?

    enum CodingKeys: String, CodingKey { case startOpacity = "so", endOpacity = "eo" }

    init(from decoder: any Decoder) throws {
        transform = try LottieTransform(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startOpacity = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .startOpacity)
        endOpacity = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .endOpacity)
    }
}
