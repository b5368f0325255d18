import Foundation

/// Merges the paths before it in its group by a Boolean operation (`mm`).
struct LottieMerge: Decodable, Sendable {
    /// 1 merge, 2 add, 3 subtract, 4 intersect, 5 exclude intersections.
    var mode: Int?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case mode = "mm", hidden = "hd"
    }
}
