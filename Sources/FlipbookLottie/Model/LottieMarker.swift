import Foundation

/// A named time in the animation (lottie-spec's Marker).
struct LottieMarker: Decodable, Sendable {
    var name: String
    /// Its frame.
    var frame: Double
    /// How many frames it spans.
    var duration: Double

    enum CodingKeys: String, CodingKey { case name = "cm", frame = "tm", duration = "dr" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        frame = try container.decodeIfPresent(Double.self, forKey: .frame) ?? 0
        duration = try container.decodeIfPresent(Double.self, forKey: .duration) ?? 0
    }
}
