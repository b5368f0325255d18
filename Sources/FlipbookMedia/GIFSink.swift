import Foundation
import FlipbookGraphics

/// Writes frames as an animated GIF with Flipbook's own encoder.
///
/// - Colour: palettes of up to 256 colours, exact when the pixels have few colours,
///   otherwise cut from their exact colours and refined by k-means. By default
///   (`.adaptive`) the encoder makes two passes, like ffmpeg's palettegen and paletteuse:
///   the frames wait in a temporary file beside the destination (4 bytes a pixel for every
///   frame kept) while a global palette is chosen from all the pixels they change; then
///   each frame uses it unless a palette of its own removes enough error to pay for its
///   table. `.perFrame` writes frames as they come, with no temporary file. Floyd–Steinberg dithering runs over changed pixels only.
/// - Size: each frame after the first draws only the rectangle that changed, and leaves
///   transparent every pixel whose colour the canvas already shows as well as the palette
///   could; a frame that changes nothing visible lengthens the frame before.
/// - Time: delays are whole centiseconds taken from each frame's exact start time, so
///   rounding never accumulates; frames closer than 2 cs to the previous one are dropped
///   (browsers slow delays under 2 cs down to 10 cs).
/// - Transparency: pixels with alpha under 128 are transparent, others opaque.
public final class GIFSink: FrameSink {
    /// How frames get their colours.
    public enum Palette: Sendable, Equatable {
        /// A global palette from all frames' changed pixels; a frame carries its own only
        /// when that shows its changed pixels much better (two passes).
        case adaptive
        /// A palette per frame, from the pixels that frame changes (one pass: frames are
        /// written as they arrive).
        case perFrame
        /// The global palette for every frame (two passes).
        case shared
    }

    /// The file written; nil when writing into an output given.
    public var url: URL? { destination.url }
    public let palette: Palette
    /// Whether colours not in the palette are dithered.
    public let dithering: Bool
    /// How many times the animation repeats; 0 loops forever, `nil` plays once.
    public let loopCount: Int?

    private let destination: SinkDestination
    private var file: (any ByteOutput)?
    private var format: FrameSequenceFormat?
    private var encoder: GIFFrameEncoder?
    /// Two-pass palettes: the frames kept for the second pass, and the colours of the
    /// pixels they change (each frame's own palette, weighted by the pixels it stands for).
    private var spool: FrameSpool?
    private var globalColors = ColorQuantizer()
    private var globalPalette: [SIMD3<Int32>]?
    /// The pixels of the last frame spooled (first pass) or encoded (`.perFrame`, second
    /// pass).
    private var previous: [UInt32] = []
    /// The last frame encoded, waiting for the next to know how long it shows.
    private var pending: (image: GIFImage, start: Int)?
    private var frameCount = 0

    public convenience init(url: URL, palette: Palette = .adaptive, dithering: Bool = true, loopCount: Int? = 0) {
        self.init(destination: .file(url), palette: palette, dithering: dithering, loopCount: loopCount)
    }

    /// A GIF written into `output` (memory, a stream): each frame is handed on as soon as
    /// it is encoded (with `.perFrame`, as it arrives; otherwise in the second pass).
    public convenience init(output: any ByteOutput, palette: Palette = .adaptive, dithering: Bool = true, loopCount: Int? = 0) {
        self.init(destination: .output(output), palette: palette, dithering: dithering, loopCount: loopCount)
    }

    private init(destination: SinkDestination, palette: Palette, dithering: Bool, loopCount: Int?) {
        self.destination = destination
        self.palette = palette
        self.dithering = dithering
        self.loopCount = loopCount
    }

    public func begin(_ format: FrameSequenceFormat) throws(MediaError) {
        file = try destination.open()
        self.format = format
        encoder = GIFFrameEncoder(width: format.width, height: format.height, dithering: dithering)
        if palette != .perFrame { spool = try FrameSpool(beside: destination.workingFilesAnchor, pixelCount: format.width * format.height) }
    }

    public func append(_ frame: CGImage) throws(MediaError) {
        let format = try checkSize(of: frame, against: format)
        guard let encoder else { throw .invalidSettings("append(_:) was called after finish() or cancel()") }
        let start = Self.centiseconds(format.time(ofFrame: frameCount))
        frameCount += 1
        let pixels = frame.withUnsafePremultipliedBytes { Array($0.bindMemory(to: UInt32.self)) }
        guard let spool else { return try encode(pixels, start: start) }
        let isFirst = spool.starts.isEmpty
        if let last = spool.starts.last, start - last < 2 { return }
        let scan = pixels.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { encoder.changes(of: now, over: isFirst ? nil : $0, countingColors: true) }
        }
        switch scan {
        case .changes(let changes):
            for colour in changes.colors.weightedPalette(maximumColors: 256).colors {
                globalColors.add(colour.color, count: colour.count)
            }
        case .noBlock(.unchanged) where !isFirst:
            return
        case .noBlock:
            break
        }
        try spool.append(pixels, start: start)
        previous = pixels
    }

    public func finish() throws(MediaError) {
        guard let file, let format else { throw .invalidSettings("finish() was called twice, after cancel() or before begin(_:)") }
        if let spool {
            let colors = globalColors.palette(maximumColors: 255).colors
            globalPalette = colors.isEmpty ? [.zero] : colors
            previous = []
            do {
                try spool.forEach { pixels, start throws(MediaError) in try encode(pixels, start: start) }
            } catch {
                cancel()
                throw error
            }
            spool.close()
            self.spool = nil
        }
        guard let pending else {
            cancel()
            throw .invalidSettings("a GIF needs at least one frame")
        }
        let end = Self.centiseconds(format.time(ofFrame: frameCount))
        try write(pending.image, delay: max(2, end - pending.start))
        try file.write(Data([0x3B]))
        try file.commit()
        self.file = nil
        encoder = nil
        self.pending = nil
    }

    public func cancel() {
        file?.abort()
        file = nil
        spool?.close()
        spool = nil
        encoder = nil
        pending = nil
    }

    static func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }

    /// Encodes a frame starting at `start` cs over the frames before: the first pass of
    /// `.perFrame`, the second of the others.
    private func encode(_ pixels: [UInt32], start: Int) throws(MediaError) {
        guard var encoder else { throw .invalidSettings("append(_:) was called after finish() or cancel()") }
        defer { self.encoder = encoder }
        if let pending, start - pending.start < 2 { return }
        guard var last = pending else {
            try writeHeader()
            pending = (wholeImage(of: pixels, with: &encoder), start)
            previous = pixels
            return
        }
        var change = pixels.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { encoder.encode(now, over: $0, global: globalPalette, palette: palette) }
        }
        if case .needsClear = change {
            // Redraw the pending frame whole and clear it away, then draw this one whole.
            last.image = wholeImage(of: previous, with: &encoder)
            last.image.disposal = 2
            change = .image(wholeImage(of: pixels, with: &encoder))
        }
        guard case .image(let next) = change else { return }
        try write(last.image, delay: start - last.start)
        pending = (next, start)
        previous = pixels
    }

    /// The block drawing all of `pixels` onto a transparent canvas; never `.unchanged`
    /// (an invisible frame still needs a block to carry its delay).
    private func wholeImage(of pixels: [UInt32], with encoder: inout GIFFrameEncoder) -> GIFImage {
        let change = pixels.withUnsafeBufferPointer { encoder.encode($0, over: nil, global: globalPalette, palette: palette) }
        if case .image(let image) = change { return image }
        // One transparent pixel.
        var lzw = LZWEncoder()
        let data = [UInt8(0)].withUnsafeBufferPointer { lzw.encode($0, minimumCodeSize: 2) }
        return GIFImage(width: 1, height: 1, localPalette: [.zero, .zero], transparentIndex: 0, data: data)
    }

    private func writeHeader() throws(MediaError) {
        guard let format else { return }
        var header = Data("GIF89a".utf8)
        header.appendLittleEndian(UInt16(format.width))
        header.appendLittleEndian(UInt16(format.height))
        if let globalPalette {
            let table = GIFFrameEncoder.colorTable(globalPalette, withTransparency: true)
            header.append(contentsOf: [0xF0 | UInt8(GIFFrameEncoder.bits(for: table.count) - 1), 0, 0])
            Self.append(table, to: &header)
        } else {
            header.append(contentsOf: [0x70, 0, 0])
        }
        if let loopCount {
            header.append(contentsOf: [0x21, 0xFF, 0x0B])
            header.append(contentsOf: Array("NETSCAPE2.0".utf8))
            header.append(contentsOf: [0x03, 0x01])
            header.appendLittleEndian(UInt16(clamping: max(0, loopCount)))
            header.append(0)
        }
        try file?.write(header)
    }

    /// A graphic control extension with `delay`, then the image descriptor and data.
    private func write(_ image: GIFImage, delay: Int) throws(MediaError) {
        var block = Data([0x21, 0xF9, 0x04, UInt8(image.disposal << 2) | (image.transparentIndex == nil ? 0 : 1)])
        block.appendLittleEndian(UInt16(clamping: delay))
        block.append(contentsOf: [UInt8(image.transparentIndex ?? 0), 0, 0x2C])
        for value in [image.x, image.y, image.width, image.height] { block.appendLittleEndian(UInt16(value)) }
        if let table = image.localPalette {
            block.append(0x80 | UInt8(GIFFrameEncoder.bits(for: table.count) - 1))
            Self.append(table, to: &block)
        } else {
            block.append(0)
        }
        block.append(contentsOf: image.data)
        try file?.write(block)
    }

    private static func append(_ table: [SIMD3<Int32>], to data: inout Data) {
        for colour in table { data.append(contentsOf: [UInt8(colour.x), UInt8(colour.y), UInt8(colour.z)]) }
    }
}
