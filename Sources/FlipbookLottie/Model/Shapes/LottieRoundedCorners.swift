import Foundation

/// Rounds the corners of the paths before it in its group (`rd`).
struct LottieRoundedCorners: Decodable, Sendable {
    var radius: LottieProperty<LottieScalar>?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case radius = "r", hidden = "hd"
    }
}
