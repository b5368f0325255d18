import FlipbookGraphics
import Foundation

/// Moves the outlines of the paths before it in its group outward by an amount (inward
/// when negative), their corners joined as a stroke's are (`op`).
struct LottieOffsetPath: Decodable, Sendable {
    var amount: LottieProperty<LottieScalar>?
    /// 1 miter, 2 round, 3 bevel.
    var lineJoin: Int?
    var miterLimit: Double?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case amount = "a", lineJoin = "lj", miterLimit = "ml", hidden = "hd"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        amount = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .amount)
        lineJoin = try? container.decodeIfPresent(Int.self, forKey: .lineJoin)
        // Some exporters write the miter limit as an animated property instead of a number.
        miterLimit = try? container.decodeIfPresent(Double.self, forKey: .miterLimit)
        hidden = try container.decodeIfPresent(LottieFlag.self, forKey: .hidden)
    }

    /// `path`'s region grown by `amount` (shrunk when negative), its corners joined as the
    /// item says, as After Effects' Offset Paths does.
    func offset(_ path: CGPath, by amount: Double) -> CGPath {
        let join: CGLineJoin = [2: .round, 3: .bevel][lineJoin ?? 1] ?? .miter
        return Self.offset(path, by: amount, join: join, miterLimit: miterLimit ?? 4)
    }

    /// `path`'s region grown by `amount` (shrunk when negative): with the region a stroke
    /// twice as wide covers added, or taken away — the outline moved out or in, its corners
    /// joined by `join`.
    static func offset(_ path: CGPath, by amount: Double, join: CGLineJoin, miterLimit: Double = 4) -> CGPath {
        guard amount != 0, amount.isFinite else { return path }
        let band = path.copy(strokingWithWidth: 2 * abs(amount), lineCap: .butt, lineJoin: join, miterLimit: miterLimit)
        return amount > 0 ? path.union(band) : path.subtracting(band)
    }
}
