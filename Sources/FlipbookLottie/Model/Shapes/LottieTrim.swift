import Foundation

/// Trims the paths before it in its group, and in the groups listed before it, to a part
/// of their length (`tm`).
struct LottieTrim: Decodable, Sendable {
    /// Percent.
    var start: LottieProperty<LottieScalar>?
    /// Percent.
    var end: LottieProperty<LottieScalar>?
    /// Degrees: 360 is the whole length.
    var offset: LottieProperty<LottieScalar>?
    /// How several paths are trimmed: 1 each on its own (simultaneously), 2 laid end to
    /// end in list order, as one (individually).
    var mode: Int?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case start = "s", end = "e", offset = "o", mode = "m", hidden = "hd"
    }
}
