import Flipbook
import Foundation

/// The Lottie files the project's authors wrote for these tests, in `Fixtures/`.
enum LottieFixture {
    /// Where `Fixtures/<name>.json` lies.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name).json")
    }

    /// `Fixtures/<name>.json`, read.
    static func animation(_ name: String) throws -> LottieAnimation {
        try LottieAnimation.from(contentsOf: url(name))
    }
}
