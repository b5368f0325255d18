import FlipbookGraphics
@testable import FlipbookMedia
import FlipbookTestSupport
import Foundation
import Testing

/// Animations as bytes, for servers: into memory or a stream, the same bytes a file gets;
/// a GIF streams frame by frame, an APNG (its frame count comes first) in one piece when
/// complete; a cancelled stream gets nothing more.
@Suite struct ByteOutputTests {
    /// The chunks a stream was handed, and whether it was ended.
    final class Collected: @unchecked Sendable {
        var chunks: [Data] = []
        var ended = false
        var output: StreamOutput { StreamOutput({ self.chunks.append($0) }, end: { self.ended = true }) }
        var data: Data { chunks.reduce(Data(), +) }
    }

    @Test func gifAndAPNGInMemoryAreTheFilesBytes() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 5)
        try TestFrames.write(frames, to: GIFSink(url: folder.file("a.gif")))
        try TestFrames.write(frames, to: APNGSink(url: folder.file("a.png")))
        let gif = DataOutput(), apng = DataOutput()
        try TestFrames.write(frames, to: GIFSink(output: gif))
        try TestFrames.write(frames, to: APNGSink(output: apng))
        let gifFile = try Data(contentsOf: folder.file("a.gif")), apngFile = try Data(contentsOf: folder.file("a.png"))
        #expect(gif.data == gifFile)
        #expect(apng.data == apngFile)
        #expect(folder.contents == ["a.gif", "a.png"])
    }

    @Test func aGIFStreamsFrameByFrameAndAnAPNGWhenComplete() throws {
        let frames = try TestFrames.make(count: 5)
        let gif = Collected(), apng = Collected()
        let gifSink = GIFSink(output: gif.output, palette: .perFrame)
        try gifSink.begin(FrameSequenceFormat(width: 64, height: 48, framesPerSecond: 10))
        for frame in frames { try gifSink.append(frame) }
        let before = gif.chunks.count
        #expect(before >= 4, "header and frames handed on before the end: \(before)")
        try gifSink.finish()
        #expect(gif.ended && gif.chunks.count > before)
        #expect(try AnimatedImage(data: gif.data).frames.count == 5)
        try TestFrames.write(frames, to: APNGSink(output: apng.output))
        #expect(apng.chunks.count == 1 && apng.ended)
        let decoded = try AnimatedImage(data: apng.data)
        #expect(decoded.frames.count == 5)
        #expect(decoded.frames[4].premultipliedBytes == frames[4].premultipliedBytes)
    }

    @Test func aCancelledStreamGetsNothingMore() throws {
        let frames = try TestFrames.make(count: 3)
        let stream = Collected()
        let sink = APNGSink(output: stream.output)
        try sink.begin(FrameSequenceFormat(width: 64, height: 48, framesPerSecond: 10))
        try sink.append(frames[0])
        sink.cancel()
        #expect(stream.chunks.isEmpty && !stream.ended)
        // A stream that stops taking bytes fails the write with a clear error.
        struct Closed: Error {}
        let failing = GIFSink(output: StreamOutput { _ in throw Closed() }, palette: .perFrame)
        try failing.begin(FrameSequenceFormat(width: 64, height: 48, framesPerSecond: 10))
        #expect(throws: MediaError.self) {
            for frame in frames { try failing.append(frame) }
            try failing.finish()
        }
    }

    @Test func memoryOutputsRefuseWritesPastTheirEnd() throws {
        let output = DataOutput()
        try output.write(Data([1, 2, 3]))
        try output.write(Data([9]), at: 1)
        #expect(output.data == Data([1, 9, 3]))
        #expect(throws: MediaError.self) { try output.write(Data([7, 7]), at: 2) }
        try output.commit()
        #expect(throws: MediaError.self) { try output.write(Data([1])) }
        #expect(throws: MediaError.self) { try StreamOutput { _ in }.write(Data([1]), at: 0) }
    }

    /// H.264 into memory: the bytes ffmpeg writes to a file (its output is bit-exact).
    @Test func videoInMemoryIsTheFilesBytes() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 6, gradient: false)
        try TestFrames.write(frames, framesPerSecond: 30, to: try VideoSink(url: folder.file("v.mp4")))
        let memory = DataOutput()
        try TestFrames.write(frames, framesPerSecond: 30, to: VideoSink(output: memory))
        let file = try Data(contentsOf: folder.file("v.mp4"))
        #expect(memory.data.count > 100 && memory.data == file)
        #expect(folder.contents == ["v.mp4"])
    }
}
