import Foundation

/// A keyframe's easing handle (lottie-spec's Keyframe Easing): the time (`x`, 0…1) and
/// value (`y`) coordinates of a cubic Bézier control point from (0, 0) to (1, 1), one per
/// dimension or one for all.
struct LottieEasing: Decodable, Sendable, Equatable {
    var x: [Double]
    var y: [Double]

    enum CodingKeys: String, CodingKey { case x, y }

    init(x: [Double], y: [Double]) {
        self.x = x
        self.y = y
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(LottieVector.self, forKey: .x).values
        y = try container.decode(LottieVector.self, forKey: .y).values
    }

    /// The control point for dimension `index` (the last one given serves the rest).
    func point(_ index: Int) -> (x: Double, y: Double) {
        func pick(_ values: [Double]) -> Double { values.isEmpty ? 0 : values[min(index, values.count - 1)] }
        return (pick(x), pick(y))
    }
}
