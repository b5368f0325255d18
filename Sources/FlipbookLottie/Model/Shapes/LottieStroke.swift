import Foundation

/// A solid stroke of the geometry before it in its group (`st`).
struct LottieStroke: Decodable, Sendable {
    /// RGB or RGBA in 0…1.
    var color: LottieProperty<LottieVector>
    /// Percent.
    var opacity: LottieProperty<LottieScalar>?
    var width: LottieProperty<LottieScalar>?
    /// 1 butt, 2 round, 3 square.
    var lineCap: Int?
    /// 1 miter, 2 round, 3 bevel.
    var lineJoin: Int?
    var miterLimit: Double?
    /// Dash, gap and offset lengths.
    var dashes: [LottieDash]?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case color = "c", opacity = "o", width = "w", lineCap = "lc", lineJoin = "lj", miterLimit = "ml", dashes = "d", hidden = "hd"
    }
}
