import Foundation

/// A solid fill of the geometry before it in its group (`fl`).
struct LottieFill: Decodable, Sendable {
    /// RGB or RGBA in 0…1.
    var color: LottieProperty<LottieVector>
    /// Percent.
    var opacity: LottieProperty<LottieScalar>?
    /// 1 non-zero, 2 even-odd.
    var fillRule: Int?
    /// Its name in keypaths ("Fill 1").
    var name: String?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case color = "c", opacity = "o", fillRule = "r", name = "nm", hidden = "hd"
    }
}
