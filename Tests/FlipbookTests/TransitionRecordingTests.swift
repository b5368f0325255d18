import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A transition filter recorded by the one recording loop: the recorder's frame count
/// and times, its errors, its sinks, and the same file for every thread count.
struct TransitionRecordingTests {
    /// Two 40 × 30 pictures: orange with a white square at the left, and teal.
    static func transition(_ filter: String = "CIDissolveTransition") throws -> TransitionFrames {
        let source = try CGContext.image(width: 40, height: 30) { context in
            context.setFillColor(CGColor(srgbRed: 1, green: 0.55, blue: 0.1, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
            context.setFillColor(CGColor(gray: 1, alpha: 1))
            context.fill(CGRect(x: 4, y: 4, width: 10, height: 10))
        }
        let target = try CGContext.image(width: 40, height: 30) { context in
            context.setFillColor(CGColor(srgbRed: 0.05, green: 0.45, blue: 0.5, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        return try TransitionFrames(from: source, to: target, filter: filter)
    }

    /// The PNG frames in `folder`, in order.
    static func frames(in folder: URL) throws -> [CGImage] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
            .map { try CGImage.read(contentsOf: folder.appendingPathComponent($0)) }
    }

    @Test func frameIShowsProgressIOverTheFrameCount() throws {
        let transition = try Self.transition()
        let folder = try TemporaryDirectory()
        try Recorder.record(transition, duration: 0.5, framesPerSecond: 10, threadCount: 1, to: folder.file("frames"))
        let frames = try Self.frames(in: folder.file("frames"))
        // Recorder.frameCount(0.5 s, 10 fps) = 5 frames, at 0, 0.1 … 0.4 s: progress 0 … 0.8.
        #expect(frames.count == Recorder.frameCount(duration: 0.5, framesPerSecond: 10) && frames.count == 5)
        for (index, frame) in frames.enumerated() {
            let expected = try transition.frame(at: Double(index) / 5).pngRoundTripped
            #expect(frame.premultipliedBytes == expected.premultipliedBytes, "frame \(index)")
        }
    }

    @Test func everyThreadCountWritesTheSameFile() throws {
        let transition = try Self.transition("CIModTransition")
        let folder = try TemporaryDirectory()
        var files: [Data] = []
        for threads in [1, 2, 3] {
            let url = folder.file("t\(threads).gif")
            try Recorder.record(transition, duration: 1, framesPerSecond: 12, threadCount: threads, to: url)
            files.append(try Data(contentsOf: url))
        }
        #expect(files[0].count > 0 && files.allSatisfy { $0 == files[0] })
    }

    @Test func badSettingsAreTheRecordersErrorsAndWriteNothing() throws {
        let transition = try Self.transition()
        let folder = try TemporaryDirectory()
        let url = folder.file("t.gif")
        #expect(throws: RecordingError.invalidSettings("the frame rate must be above 0 and at most 1000, not 0.0")) {
            try Recorder.record(transition, duration: 1, framesPerSecond: 0, to: url)
        }
        #expect(throws: RecordingError.invalidSettings("the duration must be above 0 seconds, not nan")) {
            try Recorder.record(transition, duration: .nan, framesPerSecond: 10, to: url)
        }
        #expect(throws: RecordingError.invalidSettings("threadCount must be at least 1, not 0")) {
            try Recorder.record(transition, duration: 1, framesPerSecond: 10, threadCount: 0, to: url)
        }
        #expect(throws: RecordingError.self) { try Recorder.record(transition, duration: 1e9, framesPerSecond: 30, to: url) }
        #expect(folder.contents.isEmpty)
    }
}
