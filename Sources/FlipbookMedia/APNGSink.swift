import Foundation
import FlipbookGraphics

/// Writes frames as an animated PNG (APNG): lossless RGBA, so every frame decodes to
/// exactly the pixels appended. The first frame is the PNG's default image; each later
/// frame replaces only the rectangle that changed (blend `SOURCE`, dispose `NONE`), and a
/// frame identical to the one before lengthens that frame instead. Delays are fractions
/// of a second: `n / framesPerSecond` for whole-number rates, else milliseconds taken from
/// each frame's exact start time, so rounding never accumulates.
public final class APNGSink: FrameSink {
    /// The file written; nil when writing into an output given.
    public var url: URL? { destination.url }
    /// How many times the animation plays; 0 loops forever.
    public let loopCount: Int
    /// The zlib level of the frames' data.
    public let compressionLevel: Int

    private let destination: SinkDestination
    private var file: (any ByteOutput)?
    private var format: FrameSequenceFormat?
    private var previous: [UInt32] = []
    /// The last frame's chunk data, written when the next frame tells its delay.
    private var pending: (x: Int, y: Int, width: Int, height: Int, data: Data, start: Int)?
    private var frameCount = 0
    private var writtenFrames = 0
    private var sequence = 0

    public convenience init(url: URL, loopCount: Int = 0, compressionLevel: Int = 6) {
        self.init(destination: .file(url), loopCount: loopCount, compressionLevel: compressionLevel)
    }

    /// An APNG written into `output` (memory, a stream). Its frame count comes before the
    /// frames, so into a stream it is handed on in one piece when complete.
    public convenience init(output: any ByteOutput, loopCount: Int = 0, compressionLevel: Int = 6) {
        self.init(destination: .output(output), loopCount: loopCount, compressionLevel: compressionLevel)
    }

    private init(destination: SinkDestination, loopCount: Int, compressionLevel: Int) {
        self.destination = destination
        self.loopCount = loopCount
        self.compressionLevel = compressionLevel
    }

    public func begin(_ format: FrameSequenceFormat) throws(MediaError) {
        let opened = try destination.open()
        let file = opened.canRewrite ? opened : DataOutput(committingInto: opened)
        var head = Data(PNGDecoder.signature)
        PNGChunk.append("IHDR", PNGEncoder.header(width: format.width, height: format.height, colorType: 6), to: &head)
        PNGChunk.append("acTL", Self.animationControl(frames: 0, plays: loopCount), to: &head)
        try file.write(head)
        self.file = file
        self.format = format
    }

    /// Ticks per second of the delays: the frame rate when it is a whole number.
    private var ticksPerSecond: Double {
        guard let rate = format?.framesPerSecond, rate == rate.rounded(), rate <= 65_535 else { return 1000 }
        return rate
    }

    private func tick(ofFrame index: Int) -> Int {
        Int(((format?.time(ofFrame: index) ?? 0) * ticksPerSecond).rounded())
    }

    public func append(_ frame: CGImage) throws(MediaError) {
        let format = try checkSize(of: frame, against: format)
        guard file != nil else { throw .invalidSettings("append(_:) was called after finish() or cancel()") }
        let start = tick(ofFrame: frameCount)
        frameCount += 1
        let pixels = frame.withUnsafePremultipliedBytes { Array($0.bindMemory(to: UInt32.self)) }
        var box = (x: 0, y: 0, width: format.width, height: format.height)
        if pending != nil {
            guard let changed = Self.changedRectangle(pixels, previous, width: format.width) else { return }
            box = changed
        }
        let encoder = PNGEncoder(compressionLevel: compressionLevel)
        let data = pixels.withUnsafeBytes { bytes in
            Result { () throws(MediaError) in
                try encoder.compressedRows(bytes, imageWidth: format.width, x: box.x, y: box.y, width: box.width,
                                           height: box.height, channels: 4)
            }
        }
        try writePending(until: start)
        pending = (box.x, box.y, box.width, box.height, try data.get(), start)
        previous = pixels
    }

    public func finish() throws(MediaError) {
        guard let file else { throw .invalidSettings("finish() was called twice, after cancel() or before begin(_:)") }
        guard pending != nil else {
            cancel()
            throw .invalidSettings("an APNG needs at least one frame")
        }
        try writePending(until: tick(ofFrame: frameCount))
        var end = Data()
        PNGChunk.append("IEND", Data(), to: &end)
        try file.write(end)
        var control = Data()
        PNGChunk.append("acTL", Self.animationControl(frames: writtenFrames, plays: loopCount), to: &control)
        try file.write(control, at: 33)
        try file.commit()
        self.file = nil
    }

    public func cancel() {
        file?.abort()
        file = nil
        pending = nil
    }

    /// Writes the pending frame's fcTL and its IDAT (first frame) or fdAT chunk.
    private func writePending(until end: Int) throws(MediaError) {
        guard let pending, let file else { return }
        var control = Data()
        control.appendBigEndian(UInt32(sequence))
        for value in [pending.width, pending.height, pending.x, pending.y] { control.appendBigEndian(UInt32(value)) }
        var delay = end - pending.start, denominator = Int(ticksPerSecond)
        if delay > 65_535 { (delay, denominator) = (min(65_535, delay * 100 / denominator), 100) }
        control.appendBigEndian(UInt16(delay))
        control.appendBigEndian(UInt16(denominator))
        control.append(contentsOf: [0, 0])  // dispose NONE, blend SOURCE
        sequence += 1
        var chunks = Data()
        PNGChunk.append("fcTL", control, to: &chunks)
        if writtenFrames == 0 {
            PNGChunk.append("IDAT", pending.data, to: &chunks)
        } else {
            var frameData = Data()
            frameData.appendBigEndian(UInt32(sequence))
            frameData.append(pending.data)
            PNGChunk.append("fdAT", frameData, to: &chunks)
            sequence += 1
        }
        try file.write(chunks)
        writtenFrames += 1
        self.pending = nil
    }

    private static func animationControl(frames: Int, plays: Int) -> Data {
        var data = Data()
        data.appendBigEndian(UInt32(frames))
        data.appendBigEndian(UInt32(max(0, plays)))
        return data
    }

    /// The smallest rectangle holding every pixel that differs, or `nil` if none does.
    static func changedRectangle(_ pixels: [UInt32], _ previous: [UInt32], width: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = Int.max, maxX = -1, maxY = -1
        for index in pixels.indices where pixels[index] != previous[index] {
            let x = index % width, y = index / width
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
