import Foundation

/// A free path (`sh`).
struct LottieShapePath: Decodable, Sendable {
    var path: LottieProperty<LottieBezier>
    /// 3 draws counter-clockwise.
    var direction: Double?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case path = "ks", direction = "d", hidden = "hd"
    }
}
