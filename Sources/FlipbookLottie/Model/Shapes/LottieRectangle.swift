import Foundation

/// A rectangle (`rc`): centre, size and corner radius.
struct LottieRectangle: Decodable, Sendable {
    /// Its centre.
    var position: LottieProperty<LottieVector>?
    var size: LottieProperty<LottieVector>?
    /// The corners' radius.
    var roundness: LottieProperty<LottieScalar>?
    /// 3 draws counter-clockwise.
    var direction: Double?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case position = "p", size = "s", roundness = "r", direction = "d", hidden = "hd"
    }
}
