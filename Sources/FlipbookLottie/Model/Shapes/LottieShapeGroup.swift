import Foundation

/// A group of shape items drawn together, its transform among them (`gr`).
struct LottieShapeGroup: Decodable, Sendable {
    /// Its items, in the order the file lists them (topmost first).
    var items: [LottieShapeItem]?
    var name: String?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case items = "it", name = "nm", hidden = "hd"
    }
}
