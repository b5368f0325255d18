import FlipbookGraphics
@testable import FlipbookMedia
import FlipbookTestSupport
import Foundation
import Testing

/// Frames for the exporters: a still background (a gradient, so GIFs must dither it) with
/// a square moving across it, optionally on transparency.
enum TestFrames {
    static func make(count: Int, width: Int = 64, height: Int = 48, gradient: Bool = true,
                     transparent: Bool = false) throws -> [CGImage] {
        try (0..<count).map { index in
            let context = try CGContext(width: width, height: height)
            if !transparent {
                if gradient {
                    for x in 0..<width {
                        let t = CGFloat(x) / CGFloat(width - 1)
                        context.setFillColor(CGColor(srgbRed: t, green: 0.3 + 0.4 * t, blue: 1 - t, alpha: 1))
                        context.fill(CGRect(x: x, y: 0, width: 1, height: height))
                    }
                } else {
                    context.setFillColor(CGColor(gray: 1, alpha: 1))
                    context.fill(CGRect(x: 0, y: 0, width: width, height: height))
                }
            }
            context.setFillColor(CGColor(srgbRed: 1, green: 0.2, blue: 0.1, alpha: 1))
            context.fill(CGRect(x: 4 + index * 6, y: 10, width: 12, height: 12))
            guard let image = context.makeImage() else { throw GraphicsError.invalidSize(width: width, height: height) }
            return image
        }
    }

    static func write(_ frames: [CGImage], framesPerSecond: Double = 10, to sink: some FrameSink) throws {
        try sink.begin(FrameSequenceFormat(width: frames[0].width, height: frames[0].height, framesPerSecond: framesPerSecond))
        for frame in frames { try sink.append(frame) }
        try sink.finish()
    }
}

@Suite struct LZWTests {
    /// Encoding then decoding gives the indices back, across table resets (long random
    /// data fills the 4,096-code table many times) and for long runs.
    @Test(arguments: [2, 4, 8])
    func roundTrip(bits: Int) throws {
        var random = SeededRandom(seed: UInt64(bits))
        let noisy = (0..<40_000).map { _ in UInt8(random.next() % UInt64(1 << bits)) }
        let runs = (0..<40_000).map { UInt8(($0 / 700) % (1 << bits)) }
        for indices in [noisy, runs, [0], [UInt8(1 << bits - 1), 0]] {
            var encoder = LZWEncoder()
            let data = indices.withUnsafeBufferPointer { encoder.encode($0, minimumCodeSize: max(2, bits)) }
            var reader = ByteReader(bytes: Array(data.dropFirst()))
            let decoded = try LZWDecoder.decode(try reader.subBlocks(), minimumCodeSize: max(2, bits), count: indices.count)
            #expect(decoded == indices)
        }
    }
}

@Suite struct GIFExportTests {
    /// Few colours: the palette is exact, so every frame decodes to exactly what was drawn.
    @Test func flatColoursAreExact() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 6, gradient: false)
        try TestFrames.write(frames, to: GIFSink(url: folder.file("flat.gif")))
        let gif = try AnimatedImage(contentsOf: folder.file("flat.gif"))
        #expect(gif.frames.count == 6)
        #expect(gif.loopCount == 0)
        for (decoded, frame) in zip(gif.frames, frames) { #expect(decoded.difference(from: frame).maximum == 0) }
        #expect(folder.contents == ["flat.gif"])
    }

    /// A dithered gradient stays within a stated error of the frames: mean absolute error
    /// under 2 per channel, no pixel off by more than 24; still areas stay byte-identical
    /// from frame to frame (the dither does not crawl).
    @Test(arguments: [GIFSink.Palette.adaptive, .perFrame, .shared])
    func ditheredGradientWithinBound(palette: GIFSink.Palette) throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 5)
        try TestFrames.write(frames, to: GIFSink(url: folder.file("g.gif"), palette: palette))
        let gif = try AnimatedImage(contentsOf: folder.file("g.gif"))
        #expect(gif.frames.count == 5)
        for (decoded, frame) in zip(gif.frames, frames) {
            let error = decoded.difference(from: frame)
            #expect(error.mean < 2, "mean error \(error.mean)")
            #expect(error.maximum <= 24, "largest error \(error.maximum)")
        }
        // The 20 rows below the moving square never change.
        for (a, b) in zip(gif.frames, gif.frames.dropFirst()) {
            let rows = 20 * 64 * 4
            let still = a.premultipliedBytes.suffix(rows).elementsEqual(b.premultipliedBytes.suffix(rows))
            #expect(still)
        }
    }

    /// Steady colours share the global palette (no frame carries a table of its own) under
    /// `.adaptive` and `.shared`; `.perFrame` writes no global table and a table per frame.
    /// The two-pass modes leave no temporary file behind, after `finish()` or `cancel()`.
    @Test func palettesAndTheirTables() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 5)
        for palette in [GIFSink.Palette.adaptive, .shared, .perFrame] {
            try TestFrames.write(frames, to: GIFSink(url: folder.file("p.gif"), palette: palette))
            let tables = try Self.colorTables(of: Data(contentsOf: folder.file("p.gif")))
            #expect(tables.global == (palette != .perFrame), "\(palette)")
            #expect(tables.local == Array(repeating: palette == .perFrame, count: 5), "\(palette)")
            #expect(folder.contents == ["p.gif"])
        }
        let sink = GIFSink(url: folder.file("c.gif"))
        try sink.begin(FrameSequenceFormat(width: 64, height: 48, framesPerSecond: 10))
        try sink.append(frames[0])
        #expect(folder.contents.count == 3, "the file being written and the frames waiting")
        sink.cancel()
        #expect(folder.contents == ["p.gif"])
    }

    /// A frame whose colours the global palette cannot show well carries its own: three
    /// frames of a red–green plane of 6,912 colours (a white square moving over it), then
    /// one of a blue–green plane, under `.adaptive`. The global palette is shared by both
    /// planes, so the first and last frames carry tables of their own, while the frames
    /// that only move the square use the global one. A plane of colours is far from 255
    /// entries, so the bound is wider than for gradients: mean error under 3, none over 32.
    @Test func aFrameOfNewColoursCarriesItsOwnPalette() throws {
        let folder = try TemporaryDirectory()
        let frames = try (0..<4).map { index in
            var bytes = [UInt8]()
            for y in 0..<72 {
                for x in 0..<96 {
                    let s = UInt8(x * 255 / 95), t = UInt8(y * 255 / 71)
                    let square = (20..<28).contains(y) && (4 + index * 10..<12 + index * 10).contains(x)
                    bytes += square ? [255, 255, 255] : index < 3 ? [s, t, 0] : [0, t, s]
                }
            }
            return try CGImage(width: 96, height: 72, pixels: Data(bytes), layout: .rgb)
        }
        try TestFrames.write(frames, to: GIFSink(url: folder.file("n.gif")))
        let tables = try Self.colorTables(of: Data(contentsOf: folder.file("n.gif")))
        #expect(tables.global)
        #expect(tables.local == [true, false, false, true])
        let gif = try AnimatedImage(contentsOf: folder.file("n.gif"))
        for (decoded, frame) in zip(gif.frames, frames) {
            let error = decoded.difference(from: frame)
            #expect(error.mean < 3, "mean error \(error.mean)")
            #expect(error.maximum <= 32, "largest error \(error.maximum)")
        }
    }

    /// Whether a GIF has a global colour table, and whether each image block has a local one.
    static func colorTables(of data: Data) throws -> (global: Bool, local: [Bool]) {
        var reader = ByteReader(bytes: [UInt8](data))
        _ = try reader.take(10)
        let packed = try reader.byte()
        _ = try reader.take(2)
        if packed & 0x80 != 0 { _ = try reader.take(3 << (Int(packed & 7) + 1)) }
        var local: [Bool] = []
        while true {
            switch try reader.byte() {
            case 0x21:
                _ = try reader.byte()
                _ = try reader.subBlocks()
            case 0x2C:
                _ = try reader.take(8)
                let flags = try reader.byte()
                local.append(flags & 0x80 != 0)
                if flags & 0x80 != 0 { _ = try reader.take(3 << (Int(flags & 7) + 1)) }
                _ = try reader.byte()
                _ = try reader.subBlocks()
            default:
                return (packed & 0x80 != 0, local)
            }
        }
    }

    /// Delays come from exact start times: at 30 fps frames start at 0, 3⅓, 6⅔, 10 cs,
    /// so delays go 3, 4, 3 rather than drifting; at 60 fps (starts 0, 1⅔, 3⅓, 5, 6⅔,
    /// 8⅓ cs, rounded 0, 2, 3, 5, 7, 8) a frame under 2 cs after the last kept one is
    /// dropped; an unchanged frame lengthens the one before.
    @Test func delaysCarryRounding() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 6, gradient: false)
        try TestFrames.write(frames, framesPerSecond: 30, to: GIFSink(url: folder.file("30.gif")))
        #expect(try AnimatedImage(contentsOf: folder.file("30.gif")).delays == [0.03, 0.04, 0.03, 0.03, 0.04, 0.03])

        try TestFrames.write(frames, framesPerSecond: 60, to: GIFSink(url: folder.file("60.gif")))
        let fast = try AnimatedImage(contentsOf: folder.file("60.gif"))
        #expect(fast.delays == [0.02, 0.03, 0.02, 0.03])
        #expect(fast.frames[2].difference(from: frames[3]).maximum == 0)
        #expect(fast.delays.allSatisfy { $0 >= 0.02 })

        let held = [frames[0], frames[0], frames[0], frames[1]]
        try TestFrames.write(held, framesPerSecond: 10, to: GIFSink(url: folder.file("held.gif")))
        #expect(try AnimatedImage(contentsOf: folder.file("held.gif")).delays == [0.3, 0.1])
    }

    /// Transparent pixels stay transparent, and a pixel that turns transparent after being
    /// drawn is cleared (the frame before is disposed to background).
    @Test func transparency() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 4, transparent: true)
        try TestFrames.write(frames, to: GIFSink(url: folder.file("t.gif")))
        let gif = try AnimatedImage(contentsOf: folder.file("t.gif"))
        #expect(gif.frames.count == 4)
        for (decoded, frame) in zip(gif.frames, frames) { #expect(decoded.difference(from: frame).maximum == 0) }
    }

    /// ffmpeg, a decoder written by others, reads our GIF to the same pixels.
    @Test func ffmpegReadsTheSameFrames() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 5)
        try TestFrames.write(frames, to: GIFSink(url: folder.file("g.gif")))
        let ours = try AnimatedImage(contentsOf: folder.file("g.gif"))
        let theirs = try FFmpeg.decodeFrames(of: folder.file("g.gif"), width: 64, height: 48)
        #expect(theirs.count == ours.frames.count)
        for (a, b) in zip(theirs, ours.frames) { #expect(a.difference(from: b).maximum == 0) }
    }

    /// Same frames, same bytes.
    @Test func deterministic() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 5)
        try TestFrames.write(frames, to: GIFSink(url: folder.file("a.gif")))
        try TestFrames.write(frames, to: GIFSink(url: folder.file("b.gif")))
        #expect(try Data(contentsOf: folder.file("a.gif")) == Data(contentsOf: folder.file("b.gif")))
    }
}

@Suite struct APNGExportTests {
    /// Lossless: every frame decodes to exactly the frame appended (opaque and
    /// transparent), with exact delays; ffmpeg reads the same frames.
    @Test(arguments: [false, true])
    func framesAreExact(transparent: Bool) throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 5, transparent: transparent) + [try TestFrames.make(count: 5, transparent: transparent)[4]]
        try TestFrames.write(frames, framesPerSecond: 30, to: APNGSink(url: folder.file("a.png")))
        let apng = try AnimatedImage(contentsOf: folder.file("a.png"))
        #expect(apng.frames.count == 5)
        #expect(apng.loopCount == 0)
        for (decoded, frame) in zip(apng.frames, frames) { #expect(decoded.difference(from: frame.pngRoundTripped).maximum == 0) }
        #expect(apng.delays.map { ($0 * 30).rounded() } == [1, 1, 1, 1, 2])
        let theirs = try FFmpeg.decodeFrames(of: folder.file("a.png"), width: 64, height: 48)
        #expect(theirs.count >= 5)
        #expect(theirs[2].difference(from: frames[2].pngRoundTripped).maximum <= 1)
        #expect(folder.contents == ["a.png"])
    }

    /// A still PNG decodes as a one-frame animation.
    @Test func plainPNGIsOneFrame() throws {
        let frame = try TestFrames.make(count: 1)[0]
        let image = try AnimatedImage(data: frame.pngData())
        #expect(image.frames.count == 1)
        #expect(image.frames[0].difference(from: frame).maximum == 0)
    }
}

@Suite struct PNGSequenceTests {
    @Test func writesNumberedFiles() throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 3)
        try TestFrames.write(frames, to: PNGSequenceSink(directory: folder.file("seq")))
        #expect(folder.contents == ["seq"])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("seq").path).sorted()
        #expect(names == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
        for (name, frame) in zip(names, frames) {
            #expect(try CGImage.read(contentsOf: folder.file("seq/\(name)")).difference(from: frame).maximum == 0)
        }
    }
}

@Suite struct VideoExportTests {
    /// H.264 in MP4 and VP9 in WebM: ffprobe sees the frames, size and rate; decoded
    /// frames are close to the originals (4:2:0 colour, lossy).
    @Test(arguments: ["mp4", "webm"])
    func videoDecodesClose(ext: String) throws {
        let folder = try TemporaryDirectory()
        let frames = try TestFrames.make(count: 6, gradient: false)
        let url = folder.file("v.\(ext)")
        try TestFrames.write(frames, framesPerSecond: 30, to: try VideoSink(url: url))
        let probe = try FFmpeg.probe(url)
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.frames == 6)
        #expect(probe.rate == "30/1")
        let decoded = try FFmpeg.decodeFrames(of: url, width: 64, height: 48)
        #expect(decoded.count == 6)
        for (a, b) in zip(decoded, frames) { #expect(a.difference(from: b).mean < 4) }
        #expect(folder.contents == ["v.\(ext)"])
    }

    /// Without ffmpeg, `begin` says how to install it and writes nothing.
    @Test func missingFFmpegSaysHowToInstall() throws {
        let folder = try TemporaryDirectory()
        let sink = try VideoSink(url: folder.file("v.mp4"))
        sink.ffmpeg = nil
        #expect(throws: VideoSink.ffmpegMissing) {
            try sink.begin(FrameSequenceFormat(width: 8, height: 8, framesPerSecond: 30))
        }
        #expect(VideoSink.ffmpegMissing.description.contains("apt-get install ffmpeg"))
        #expect(folder.contents.isEmpty)
    }
}

@Suite struct ExportBadInputTests {
    @Test func badSettingsAndPaths() throws {
        let folder = try TemporaryDirectory()
        let frame = try TestFrames.make(count: 1)[0]
        #expect(throws: MediaError.self) { try FrameSequenceFormat(width: 8, height: 8, framesPerSecond: 0) }
        #expect(throws: MediaError.self) { try FrameSequenceFormat(width: 8, height: 8, framesPerSecond: -30) }
        #expect(throws: MediaError.self) { try FrameSequenceFormat(width: 0, height: 8, framesPerSecond: 30) }
        #expect(throws: MediaError.self) { try FrameSequenceFormat(width: 100_000, height: 8, framesPerSecond: 30) }
        #expect(throws: MediaError.self) { try FrameSinks.sink(for: folder.file("x.bmp")) }
        let format = try FrameSequenceFormat(width: 64, height: 48, framesPerSecond: 30)
        // Missing and read-only folders (procfs refuses new files even to root).
        for url in [folder.file("missing/x.gif"), URL(fileURLWithPath: "/proc/x.gif"),
                    folder.file("missing/x.png"), URL(fileURLWithPath: "/proc/seq/")] {
            let sink = try FrameSinks.sink(for: url)
            #expect(throws: MediaError.self) { try sink.begin(format) }
        }
        // A frame of the wrong size, and finishing without frames.
        for sink in [GIFSink(url: folder.file("a.gif")), APNGSink(url: folder.file("a.png"))] as [any FrameSink] {
            try sink.begin(try FrameSequenceFormat(width: 10, height: 10, framesPerSecond: 30))
            #expect(throws: MediaError.self) { try sink.append(frame) }
            #expect(throws: MediaError.self) { try sink.finish() }
        }
        #expect(folder.contents.isEmpty)
    }
}
