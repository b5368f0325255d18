import Foundation

/// Repeats the items before it in its group (`rp`).
struct LottieRepeater: Decodable, Sendable {
    var copies: LottieProperty<LottieScalar>?
    var offset: LottieProperty<LottieScalar>?
    /// 1 copies above, 2 below.
    var composite: Int?
    var transform: LottieRepeaterTransform?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case copies = "c", offset = "o", composite = "m", transform = "tr", hidden = "hd"
    }
}
