import Foundation

/// A star or a regular polygon (`sr`).
struct LottiePolystar: Decodable, Sendable {
    /// 1 a star, 2 a polygon.
    var starType: Int?
    var points: LottieProperty<LottieScalar>?
    /// Its centre.
    var position: LottieProperty<LottieVector>?
    /// Degrees clockwise.
    var rotation: LottieProperty<LottieScalar>?
    var outerRadius: LottieProperty<LottieScalar>?
    /// Percent.
    var outerRoundness: LottieProperty<LottieScalar>?
    /// A star's.
    var innerRadius: LottieProperty<LottieScalar>?
    /// Percent, a star's.
    var innerRoundness: LottieProperty<LottieScalar>?
    /// 3 draws counter-clockwise.
    var direction: Double?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case starType = "sy", points = "pt", position = "p", rotation = "r", outerRadius = "or", outerRoundness = "os", innerRadius = "ir", innerRoundness = "is", direction = "d", hidden = "hd"
    }
}
