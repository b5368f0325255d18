import FlipbookGraphics
import Foundation

/// Merges the paths before it in its group by a Boolean operation (`mm`).
struct LottieMerge: Decodable, Sendable {
    /// 1 merge, 2 add, 3 subtract, 4 intersect, 5 exclude intersections.
    var mode: Int?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case mode = "mm", hidden = "hd"
    }

    /// How the paths listed before it merge, as lottie-android merges them: the last path
    /// listed (or group, its paths together) against all the ones before it together —
    /// those less it (subtract), within it (intersect), either (add) or exactly one
    /// (exclude). Nil for a plain merge (or an unknown mode), which keeps the paths as
    /// they are.
    var operation: ((_ rest: CGPath, _ last: CGPath) -> CGPath)? {
        switch mode ?? 1 {
        case 2: { $0.union($1) }
        case 3: { $0.subtracting($1) }
        case 4: { $0.intersection($1) }
        case 5: { $0.symmetricDifference($1) }
        default: nil
        }
    }
}
