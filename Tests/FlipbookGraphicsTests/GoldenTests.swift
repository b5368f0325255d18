import FlipbookGraphics
@testable import FlipbookTestSupport
import Foundation
import Testing

/// The golden files' own rules: references named after their test, recorded when
/// missing (and failing then), compared exactly, and what a mismatch leaves to look at.
struct GoldenTests {
    /// A 4×3 picture: a red pixel at (x, y) on white, `red` its red level.
    static func picture(x: Int = 1, y: Int = 1, red: UInt8 = 200) throws -> CGImage {
        var pixels = [UInt8](repeating: 255, count: 4 * 3 * 4)
        let i = 4 * (y * 4 + x)
        pixels[i] = red; pixels[i + 1] = 0; pixels[i + 2] = 0
        return try CGImage(width: 4, height: 3, pixels: Data(pixels), layout: .rgba(premultiplied: true))
    }

    @Test(arguments: [
        // test function, variant, test file → reference
        ("goldenFrames(name:time:)", "finale-1.5", "/t/GalleryTests.swift", "/t/__Snapshots__/GalleryTests.goldenFrames.finale-1.5.png"),
        ("layerBasics()", nil, "/t/LayerRenderGoldenTests.swift", "/t/__Snapshots__/LayerRenderGoldenTests.layerBasics.png"),
        ("tileMatchesGolden(_:)", "joins × caps", "/t/GraphicsGoldenTests.swift", "/t/__Snapshots__/GraphicsGoldenTests.tileMatchesGolden.joins-x-caps.png"),
        ("tileMatchesGolden(_:)", "star, even-odd", "/t/G.swift", "/t/__Snapshots__/G.tileMatchesGolden.star-even-odd.png"),
        ("tileMatchesGolden(_:)", "image: scaled/rotated", "/t/G.swift", "/t/__Snapshots__/G.tileMatchesGolden.image-scaled-rotated.png"),
    ] as [(String, String?, String, String)])
    func referencesAreNamedAfterTheirTest(test: String, variant: String?, file: String, reference: String) {
        #expect(Golden.referenceURL(test: test, variant: variant, file: file, extension: "png").path == reference)
    }

    @Test func aMissingReferenceIsRecordedAndTheTestFails() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("SomeTests.swift").path
        let failure = Golden.compare(try Self.picture(), test: "draws()", file: file, recording: false)
        #expect(failure?.hasPrefix("recorded new golden ") == true && failure?.contains("look at it") == true)
        let reference = folder.url.appendingPathComponent("__Snapshots__/SomeTests.draws.png")
        #expect(try CGImage.read(contentsOf: reference).pixel(1, 1) == [200, 0, 0, 255])
        #expect(Golden.compare(try Self.picture(), test: "draws()", file: file, recording: false) == nil)
    }

    @Test func oneLevelOfOnePixelFailsAndLeavesTheActualAndADifference() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("SomeTests.swift").path
        _ = Golden.compare(try Self.picture(), test: "draws()", file: file, recording: false)
        let failure = try #require(Golden.compare(try Self.picture(red: 201), test: "draws()", file: file, recording: false))
        let snapshots = folder.url.appendingPathComponent("__Snapshots__")
        #expect(failure.hasPrefix("SomeTests.draws.png: 1 pixels differ (by up to 1); "))
        #expect(failure.contains(snapshots.appendingPathComponent("SomeTests.draws.actual.png").path))
        #expect(failure.contains(snapshots.appendingPathComponent("SomeTests.draws.diff.png").path))
        #expect(try CGImage.read(contentsOf: snapshots.appendingPathComponent("SomeTests.draws.actual.png")).pixel(1, 1) == [201, 0, 0, 255])
        let difference = try CGImage.read(contentsOf: snapshots.appendingPathComponent("SomeTests.draws.diff.png"))
        // The changed pixel in red, the reference's white around it pale: `ImageDifference.makeImage()`.
        #expect(difference.pixel(1, 1) == [255, 0, 0, 255] && difference.pixel(0, 0) == [255, 255, 255, 255])
        // Recording replaces the reference; the new picture matches from then on.
        #expect(Golden.compare(try Self.picture(red: 201), test: "draws()", file: file, recording: true) == nil)
        #expect(Golden.compare(try Self.picture(red: 201), test: "draws()", file: file, recording: false) == nil)
    }

    @Test func aPixelMovedOrAPictureResizedFails() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("SomeTests.swift").path
        _ = Golden.compare(try Self.picture(), test: "draws()", file: file, recording: false)
        let moved = Golden.compare(try Self.picture(x: 2), test: "draws()", file: file, recording: false)
        #expect(moved?.hasPrefix("SomeTests.draws.png: 2 pixels differ (by up to 255)") == true)
        let resized = try CGImage(width: 3, height: 3, pixels: Data(repeating: 255, count: 36), layout: .rgba(premultiplied: true))
        #expect(Golden.compare(resized, test: "draws()", file: file, recording: false)?.hasPrefix("size 3×3 differs from the golden's 4×3") == true)
    }

    @Test func textNamesTheFirstLineThatDiffers() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("TreeTests.swift").path
        #expect(Golden.compare(text: "a\nb\nc", "scene", test: "dump()", file: file, recording: false)?.hasPrefix("recorded") == true)
        #expect(Golden.compare(text: "a\nb\nc\n", "scene", test: "dump()", file: file, recording: false) == nil)
        let failure = Golden.compare(text: "a\nB\nc", "scene", test: "dump()", file: file, recording: false)
        #expect(failure?.hasPrefix("TreeTests.dump.scene.txt: line 2 was \"b\", is \"B\"") == true)
        let actual = folder.url.appendingPathComponent("__Snapshots__/TreeTests.dump.scene.actual.txt")
        #expect(try String(contentsOf: actual, encoding: .utf8) == "a\nB\nc\n")
    }

    @Test func referencesWhoseTestIsGoneAreFound() throws {
        let tests = try TemporaryDirectory()
        let target = tests.url.appendingPathComponent("SomeTargetTests")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("__Snapshots__"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: tests.url.appendingPathComponent("NoSnapshots"), withIntermediateDirectories: true)
        try "@Test func used() {}\n@Test func alsoUsed(name: String) {}".write(to: target.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        for name in ["A.used.png", "A.alsoUsed.one.png", "A.alsoUsed.two.txt", "A.used.actual.png", "A.used.diff.png",
                     "A.gone.png", "B.used.png", "old-name.png", "A.usedToo.png"] {
            try Data().write(to: target.appendingPathComponent("__Snapshots__/\(name)"))
        }
        // swift-snapshot-testing's layout: a folder per test file.
        try FileManager.default.createDirectory(at: target.appendingPathComponent("__Snapshots__/A"), withIntermediateDirectories: true)
        for name in ["used.1.png", "alsoUsed-name.progress-25.png", "gone.500ms.png"] {
            try Data().write(to: target.appendingPathComponent("__Snapshots__/A/\(name)"))
        }
        #expect(try Golden.unusedReferences(in: tests.url) == [
            "SomeTargetTests/__Snapshots__/A/gone.500ms.png",
            "SomeTargetTests/__Snapshots__/A.gone.png", "SomeTargetTests/__Snapshots__/A.usedToo.png",
            "SomeTargetTests/__Snapshots__/B.used.png", "SomeTargetTests/__Snapshots__/old-name.png",
        ])
    }

    /// Every reference this project keeps is named after a test function that exists.
    @Test func everyReferenceInTheProjectHasItsTest() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        #expect(try Golden.unusedReferences(in: tests) == [])
    }
}
