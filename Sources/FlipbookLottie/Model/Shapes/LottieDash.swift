import Foundation

/// One length of a stroke's dash pattern: a dash, a gap, or the pattern's offset.
struct LottieDash: Decodable, Sendable {
    enum Kind: String, Decodable, Sendable { case dash = "d", gap = "g", offset = "o" }

    var kind: Kind
    var length: LottieProperty<LottieScalar>

    enum CodingKeys: String, CodingKey { case kind = "n", length = "v" }
}
