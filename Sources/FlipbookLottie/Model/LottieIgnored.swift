import Foundation

/// Any JSON value, read and dropped: for counting what Flipbook does not draw.
struct LottieIgnored: Decodable, Sendable {
    init(from decoder: any Decoder) throws {}
}
