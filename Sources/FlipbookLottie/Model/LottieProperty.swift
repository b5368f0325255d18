import Foundation

/// A property that may be animated (lottie-spec's Animated Property): a constant, or
/// keyframes in order of frame. An expression (`x`) is kept so that it can be reported;
/// Flipbook plays the keyframes or the constant underneath it.
struct LottieProperty<Value: LottieKeyframeValue>: Decodable, Sendable {
    enum Content: Sendable {
        case constant(Value)
        case keyframes([LottieKeyframe<Value>])
    }

    var content: Content
    /// The value before any animation: the constant, or the first keyframe's.
    var initialValue: Value
    /// An After Effects expression, which Flipbook does not run.
    var expression: String?

    enum CodingKeys: String, CodingKey { case animated = "a", value = "k", expression = "x" }

    init(_ value: Value) {
        content = .constant(value)
        initialValue = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        expression = try container.decodeIfPresent(String.self, forKey: .expression)
        let animated = try container.decodeIfPresent(LottieFlag.self, forKey: .animated)?.isSet
        // Without `a`, keyframes are told apart by being objects with a frame.
        if animated == true || (animated == nil && (try? container.decode([LottieKeyframe<Value>].self, forKey: .value)) != nil) {
            let keyframes = try container.decode([LottieKeyframe<Value>].self, forKey: .value)
            guard let first = keyframes.first else {
                throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "an animated property without keyframes")
            }
            guard zip(keyframes, keyframes.dropFirst()).allSatisfy({ $0.time <= $1.time }) else {
                throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "keyframes out of order of frame")
            }
            guard let initial = first.start else {
                throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "the first keyframe has no value")
            }
            content = .keyframes(keyframes)
            initialValue = initial
        } else {
            let value = try container.decode(Value.self, forKey: .value)
            content = .constant(value)
            initialValue = value
        }
    }

    /// Whether it changes over time.
    var isAnimated: Bool {
        if case .keyframes(let keyframes) = content { return keyframes.count > 1 }
        return false
    }
}

extension LottieProperty where Value == LottieVector {
    /// Whether any segment has spatial tangents: a position moving along a curve.
    var hasCurvedPath: Bool {
        guard case .keyframes(let keyframes) = content else { return false }
        return keyframes.contains { keyframe in
            (keyframe.outSpatialTangent ?? []).contains { $0 != 0 } || (keyframe.inSpatialTangent ?? []).contains { $0 != 0 }
        }
    }
}
