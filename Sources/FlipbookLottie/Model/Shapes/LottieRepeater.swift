import Foundation

/// Repeats the items before it in its group (`rp`).
struct LottieRepeater: Decodable, Sendable {
    var copies: LottieProperty<LottieScalar>?
    var offset: LottieProperty<LottieScalar>?
    /// 1 copies above, 2 below.
    var composite: Int?
    var transform: LottieRepeaterTransform?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case copies = "c", offset = "o", composite = "m", transform = "tr", hidden = "hd"
    }
}

extension LottieRepeater {
    /// Whether its copies, offset or transform change over time (drawn at the first values).
    var isAnimated: Bool {
        let transform = self.transform?.transform
        var animated = [copies, offset, transform?.rotation, self.transform?.startOpacity, self.transform?.endOpacity].contains { $0?.isAnimated == true }
        animated = animated || transform?.scale?.isAnimated == true || transform?.anchor?.isAnimated == true
        if case .combined(let position)? = transform?.position { animated = animated || position.isAnimated }
        return animated
    }
}
