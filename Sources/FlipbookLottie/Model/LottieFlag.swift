import Foundation

/// Lottie's booleans: `true`/`false`, or `1`/`0`.
struct LottieFlag: Decodable, Sendable, Equatable {
    var isSet: Bool

    init(_ isSet: Bool) { self.isSet = isSet }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            isSet = flag
        } else {
            isSet = try container.decode(Double.self) != 0
        }
    }
}
