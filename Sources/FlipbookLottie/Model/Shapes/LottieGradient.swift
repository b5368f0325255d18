import Foundation

/// A gradient's stops (lottie-spec's Gradient): `colorStopCount` colour stops as
/// offset, red, green, blue (0…1), then, when more numbers follow, opacity stops as offset,
/// opacity — all in one animated list of numbers.
struct LottieGradient: Decodable, Sendable {
    var colorStopCount: Int
    var stops: LottieProperty<LottieVector>

    enum CodingKeys: String, CodingKey { case colorStopCount = "p", stops = "k" }
}
