import Foundation

/// One keyframe of an animated property (lottie-spec's Keyframe): its frame, its value,
/// the easing to the next keyframe, and for positions the spatial tangents of the motion
/// path. Older files (Bodymovin before 5.5) also give each keyframe's end value `e`, and
/// end with a keyframe that has only a time.
struct LottieKeyframe<Value: LottieKeyframeValue>: Decodable, Sendable {
    var time: Double
    var start: Value?
    var end: Value?
    /// The value holds until the next keyframe.
    var hold: Bool
    /// Easing going into the next keyframe.
    var inEasing: LottieEasing?
    /// Easing leaving this keyframe.
    var outEasing: LottieEasing?
    /// The motion path's tangent leaving this keyframe's position, relative to it.
    var outSpatialTangent: [Double]?
    /// The motion path's tangent arriving at the next keyframe's position, relative to it.
    var inSpatialTangent: [Double]?

    enum CodingKeys: String, CodingKey {
        case time = "t", start = "s", end = "e", hold = "h", inEasing = "i", outEasing = "o"
        case outSpatialTangent = "to", inSpatialTangent = "ti"
    }

    init(time: Double, start: Value?, end: Value? = nil, hold: Bool = false, inEasing: LottieEasing? = nil,
         outEasing: LottieEasing? = nil, outSpatialTangent: [Double]? = nil, inSpatialTangent: [Double]? = nil) {
        self.time = time
        self.start = start
        self.end = end
        self.hold = hold
        self.inEasing = inEasing
        self.outEasing = outEasing
        self.outSpatialTangent = outSpatialTangent
        self.inSpatialTangent = inSpatialTangent
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = LottieFrame.asMeant(try container.decode(Double.self, forKey: .time))
        guard time.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: container, debugDescription: "a keyframe's frame must be a finite number")
        }
        start = try container.decodeIfPresent(Value.self, forKey: .start)
        end = try container.decodeIfPresent(Value.self, forKey: .end)
        hold = try container.decodeIfPresent(LottieFlag.self, forKey: .hold)?.isSet ?? false
        inEasing = try container.decodeIfPresent(LottieEasing.self, forKey: .inEasing)
        outEasing = try container.decodeIfPresent(LottieEasing.self, forKey: .outEasing)
        outSpatialTangent = try container.decodeIfPresent(LottieVector.self, forKey: .outSpatialTangent)?.values
        inSpatialTangent = try container.decodeIfPresent(LottieVector.self, forKey: .inSpatialTangent)?.values
    }
}
