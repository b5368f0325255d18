import Foundation

/// A value a Lottie property holds: a number, a vector (positions, scales, colours), a
/// Bézier path, gradient stops. Files write a number either bare or as a one-element array,
/// and a keyframe's path as a one-element array: each kind reads every form.
protocol LottieKeyframeValue: Decodable, Sendable, Equatable {
    /// The value `fraction` of the way from this one to `other` (0 gives this one), as
    /// keyframes ease from one to the next.
    func interpolated(to other: Self, by fraction: Double) -> Self
}

/// A number in either form: `5` or `[5]`.
struct LottieScalar: LottieKeyframeValue {
    var value: Double

    init(_ value: Double) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
        } else {
            let numbers = try container.decode([Double].self)
            guard let first = numbers.first else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "an empty array where a number belongs")
            }
            value = first
        }
    }
}

/// Numbers in either form: `[1, 2, 3]` or a bare `5` (one dimension).
struct LottieVector: LottieKeyframeValue {
    var values: [Double]

    init(_ values: [Double]) { self.values = values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            values = [number]
        } else {
            values = try container.decode([Double].self)
        }
    }

    /// The value of dimension `index`, or `fallback` when the file gives fewer.
    subscript(index: Int, default fallback: Double) -> Double {
        values.indices.contains(index) ? values[index] : fallback
    }
}
