import Foundation

/// Something layers refer to by `id` (lottie-spec's Assets): a precomposition's layers,
/// or a picture, in a file beside the animation or embedded as a `data:` URL.
struct LottieAsset: Decodable, Sendable {
    var id: String
    /// A precomposition's layers.
    var layers: [LottieLayer]?
    var width: Double?
    var height: Double?
    /// A picture's folder, relative to the animation's.
    var directory: String?
    /// A picture's file name, or its `data:` URL.
    var path: String?
    var isEmbedded: Bool

    enum CodingKeys: String, CodingKey {
        case id, layers, width = "w", height = "h", directory = "u", path = "p", isEmbedded = "e"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Some exporters write numeric ids.
        if let text = try? container.decode(String.self, forKey: .id) { id = text } else { id = String(try container.decode(Int.self, forKey: .id)) }
        layers = try container.decodeIfPresent([LottieLayer].self, forKey: .layers)
        width = try container.decodeIfPresent(Double.self, forKey: .width)
        height = try container.decodeIfPresent(Double.self, forKey: .height)
        directory = try container.decodeIfPresent(String.self, forKey: .directory)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        isEmbedded = try container.decodeIfPresent(LottieFlag.self, forKey: .isEmbedded)?.isSet ?? false
    }
}
