import Foundation

/// The line a stroke draws, solid or gradient: width, caps, joins, miter limit, dashes.
struct LottieLine: Decodable, Sendable {
    var width: LottieProperty<LottieScalar>?
    /// 1 butt, 2 round, 3 square.
    var lineCap: Int?
    /// 1 miter, 2 round, 3 bevel.
    var lineJoin: Int?
    var miterLimit: Double?
    /// Dash, gap and offset lengths.
    var dashes: [LottieDash]?

    enum CodingKeys: String, CodingKey { case width = "w", lineCap = "lc", lineJoin = "lj", miterLimit = "ml", dashes = "d" }
}
