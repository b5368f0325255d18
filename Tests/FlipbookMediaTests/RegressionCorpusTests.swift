import FlipbookGraphics
import FlipbookMedia
import Foundation
import Testing

/// Every file in `Fixtures/hostile` — inputs that once crashed a decoder, hung it or cost it
/// gigabytes — goes through every decoder: each returns an image within the decoding budget
/// or throws, at once.
struct RegressionCorpusTests {
    static var files: [URL] {
        guard let folder = Bundle.module.url(forResource: "hostile", withExtension: nil, subdirectory: "Fixtures"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files.count >= 6)
    }

    @Test(arguments: files) func everyDecoderReturnsOrThrows(file: URL) throws {
        let data = try Data(contentsOf: file)
        let budget = DecodingBudget.standard
        if let image = try? CGImage.decode(data) {
            #expect(image.width * image.height <= budget.maximumPixels)
        }
        if let animation = try? AnimatedImage(data: data) {
            #expect(!animation.frames.isEmpty)
            #expect(animation.frames.map { $0.width * $0.height }.reduce(0, +) <= budget.maximumAnimationPixels)
        }
    }
}
