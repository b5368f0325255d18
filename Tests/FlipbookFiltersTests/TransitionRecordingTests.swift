import FlipbookFilters
import FlipbookGraphics
import FlipbookMedia
import Foundation
import Testing

/// `flipbook transition`'s engine: frames between two pictures, inputs from text.
@Suite struct TransitionRecordingTests {
    @Test func framesRunFromSourceToResizedTarget() throws {
        let source = FilterTestImages.source(), target = FilterTestImages.target(width: 60, height: 45)
        let recording = try TransitionRecording(from: source, to: target, filter: "CIPageCurlTransition", inputs: ["inputRadius": "15"])
        #expect(recording.width == 120 && recording.height == 90)
        #expect(try recording.frame(at: 0).premultipliedBytes == source.premultipliedBytes)
        let last = try recording.frame(at: 1)
        // The target, doubled: its 15-pixel squares are 30 pixels now.
        #expect(last.pixel(5, 5) == last.pixel(25, 25) && last.pixel(5, 5) != last.pixel(35, 5))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transition-\(UUID().uuidString)/")
        defer { try? FileManager.default.removeItem(at: folder) }
        try recording.record(duration: 0.5, framesPerSecond: 10, to: try FrameSinks.sink(for: folder))
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(frames.count == 5)
    }

    @Test func badInputsAreTypedErrors() throws {
        let image = FilterTestImages.source()
        #expect(throws: FilterError.unknownFilter("CINope")) { try TransitionRecording(from: image, to: image, filter: "CINope") }
        #expect(throws: FilterError.notATransition("CIGaussianBlur")) { try TransitionRecording(from: image, to: image, filter: "CIGaussianBlur") }
        #expect(throws: FilterError.unknownInput(filter: "CIModTransition", key: "inputNope")) {
            try TransitionRecording(from: image, to: image, filter: "CIModTransition", inputs: ["inputNope": "1"])
        }
        #expect(throws: FilterError.badValue(key: "inputCenter", value: "1", expected: "2 comma-separated numbers")) {
            try TransitionRecording(from: image, to: image, filter: "CIModTransition", inputs: ["inputCenter": "1"])
        }
        #expect(throws: FilterError.self) {
            try TransitionRecording(from: image, to: image, filter: "CIDisintegrateWithMaskTransition", inputs: ["inputMaskImage": "/no/such.png"])
        }
        let recording = try TransitionRecording(from: image, to: image, filter: "CISwipeTransition", inputs: ["inputColor": "1,0,0"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transition-\(UUID().uuidString).gif")
        #expect(throws: MediaError.self) { try recording.record(duration: 1, framesPerSecond: 0, to: GIFSink(url: file)) }
        #expect(throws: MediaError.self) { try recording.record(duration: .nan, framesPerSecond: 10, to: GIFSink(url: file)) }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func summaryListsInputsWithDefaultsAndRanges() throws {
        let summary = try #require(CIFilter(name: "CIModTransition")).summary
        #expect(summary.contains("inputRadius: number = 150.0, range 1.0…∞, slider 1.0…200.0"))
        #expect(summary.contains("inputCenter: vector = 150.0,150.0"))
        #expect(summary.hasPrefix("CIModTransition — Mod"))
    }
}
