import Foundation

/// A text layer's first text document (lottie-spec's Text Document): the text, its font,
/// size, fill colour and justification.
struct LottieTextDocument: Decodable, Sendable {
    var text: String
    var fontName: String?
    var fontSize: Double
    /// RGB in 0…1.
    var fillColor: [Double]?
    /// 0 left, 1 right, 2 centre.
    var justification: Int
    var lineHeight: Double?

    private enum DataKeys: String, CodingKey { case document = "d" }
    private enum DocumentKeys: String, CodingKey { case keyframes = "k" }
    private enum KeyframeKeys: String, CodingKey { case value = "s" }
    private enum CodingKeys: String, CodingKey {
        case text = "t", fontName = "f", fontSize = "s", fillColor = "fc", justification = "j", lineHeight = "lh"
    }

    init(from decoder: any Decoder) throws {
        // t.d.k[0].s
        let document = try decoder.container(keyedBy: DataKeys.self).nestedContainer(keyedBy: DocumentKeys.self, forKey: .document)
        var keyframes = try document.nestedUnkeyedContainer(forKey: .keyframes)
        let first = try keyframes.nestedContainer(keyedBy: KeyframeKeys.self)
        let values = try first.nestedContainer(keyedBy: CodingKeys.self, forKey: .value)
        text = try values.decodeIfPresent(String.self, forKey: .text) ?? ""
        fontName = try values.decodeIfPresent(String.self, forKey: .fontName)
        fontSize = try values.decodeIfPresent(Double.self, forKey: .fontSize) ?? 12
        fillColor = try values.decodeIfPresent([Double].self, forKey: .fillColor)
        justification = try values.decodeIfPresent(Int.self, forKey: .justification) ?? 0
        lineHeight = try values.decodeIfPresent(Double.self, forKey: .lineHeight)
    }
}
