import Foundation

/// An ellipse (`el`): centre and size.
struct LottieEllipse: Decodable, Sendable {
    /// Its centre.
    var position: LottieProperty<LottieVector>?
    var size: LottieProperty<LottieVector>?
    /// 3 draws counter-clockwise.
    var direction: Double?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case position = "p", size = "s", direction = "d", hidden = "hd"
    }
}
