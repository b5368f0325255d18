import Foundation

/// A path in a Lottie shape: vertices with in and out tangents relative to them, closed or
/// open (lottie-spec's Bezier). A keyframe writes it inside a one-element array.
struct LottieBezier: LottieKeyframeValue {
    var closed: Bool
    var vertices: [[Double]]
    /// Each vertex's incoming tangent, relative to it.
    var inTangents: [[Double]]
    /// Each vertex's outgoing tangent, relative to it.
    var outTangents: [[Double]]

    enum CodingKeys: String, CodingKey {
        case closed = "c", vertices = "v", inTangents = "i", outTangents = "o"
    }

    init(closed: Bool, vertices: [[Double]], inTangents: [[Double]], outTangents: [[Double]]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            self = try list.decode(LottieBezier.self)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        closed = try container.decodeIfPresent(LottieFlag.self, forKey: .closed)?.isSet ?? false
        vertices = try container.decodeIfPresent([[Double]].self, forKey: .vertices) ?? []
        let count = vertices.count
        inTangents = try container.decodeIfPresent([[Double]].self, forKey: .inTangents) ?? Array(repeating: [0, 0], count: count)
        outTangents = try container.decodeIfPresent([[Double]].self, forKey: .outTangents) ?? Array(repeating: [0, 0], count: count)
        guard inTangents.count == count, outTangents.count == count, vertices.allSatisfy({ $0.count >= 2 }),
              inTangents.allSatisfy({ $0.count >= 2 }), outTangents.allSatisfy({ $0.count >= 2 }) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "a path needs one in and one out tangent of two numbers for each vertex"))
        }
    }
}
