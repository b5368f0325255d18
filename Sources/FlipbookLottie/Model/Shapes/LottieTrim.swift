import Foundation

/// Trims the paths before it in its group to a part of their length (`tm`).
struct LottieTrim: Decodable, Sendable {
    /// Percent.
    var start: LottieProperty<LottieScalar>?
    /// Percent.
    var end: LottieProperty<LottieScalar>?
    /// Degrees: 360 is the whole length.
    var offset: LottieProperty<LottieScalar>?
    /// 1 all paths as one (simultaneously), 2 each path on its own (individually).
    var mode: Int?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case start = "s", end = "e", offset = "o", mode = "m", hidden = "hd"
    }
}
