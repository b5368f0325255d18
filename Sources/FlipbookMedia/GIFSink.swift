import Foundation
import FlipbookGraphics

/// Writes frames as an animated GIF with Flipbook's own encoder.
///
/// - Colour: a palette of up to 256 colours chosen per frame from the pixels that changed
///   (exact when they have few colours, median cut otherwise), or one shared palette
///   chosen from the first frame; Floyd–Steinberg dithering over changed pixels only.
/// - Size: each frame after the first draws only the rectangle that changed and leaves
///   unchanged pixels transparent, so the canvas keeps them; a frame identical to the one
///   before lengthens that frame instead.
/// - Time: delays are whole centiseconds taken from each frame's exact start time, so
///   rounding never accumulates; frames closer than 2 cs to the previous one are dropped
///   (browsers slow delays under 2 cs down to 10 cs).
/// - Transparency: pixels with alpha under 128 are transparent, others opaque.
public final class GIFSink: FrameSink {
    /// How frames get their colours.
    public enum Palette: Sendable, Equatable {
        /// A palette per frame, from the pixels that frame changes (best quality).
        case perFrame
        /// One global palette, from the first frame (smaller files for steady colours).
        case shared
    }

    /// The file written.
    public let url: URL
    public let palette: Palette
    /// Whether colours not in the palette are dithered.
    public let dithering: Bool
    /// How many times the animation repeats; 0 loops forever, `nil` plays once.
    public let loopCount: Int?

    private var file: AtomicFile?
    private var format: FrameSequenceFormat?
    private var encoder: GIFFrameEncoder?
    private var sharedColors: [SIMD3<Int32>]?
    /// The pixels of the last frame written (what the canvas shows).
    private var previous: [UInt32] = []
    /// The last frame encoded, waiting for the next to know how long it shows.
    private var pending: (image: GIFImage, start: Int)?
    private var frameCount = 0

    public init(url: URL, palette: Palette = .perFrame, dithering: Bool = true, loopCount: Int? = 0) {
        self.url = url
        self.palette = palette
        self.dithering = dithering
        self.loopCount = loopCount
    }

    public func begin(_ format: FrameSequenceFormat) throws(MediaError) {
        file = try AtomicFile(destination: url)
        self.format = format
        encoder = GIFFrameEncoder(width: format.width, height: format.height, dithering: dithering)
    }

    public func append(_ frame: CGImage) throws(MediaError) {
        let format = try checkSize(of: frame, against: format)
        guard var encoder else { throw .invalidSettings("append(_:) was called after finish() or cancel()") }
        defer { self.encoder = encoder }
        let start = Self.centiseconds(format.time(ofFrame: frameCount))
        frameCount += 1
        if let pending, start - pending.start < 2 { return }
        let pixels = frame.withUnsafePremultipliedBytes { Array($0.bindMemory(to: UInt32.self)) }
        guard var last = pending else {
            if palette == .shared { sharedColors = Self.sharedColors(of: pixels) }
            try writeHeader(format)
            pending = (wholeImage(of: pixels, with: &encoder), start)
            previous = pixels
            return
        }
        var change = pixels.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { encoder.encode(now, over: $0, shared: sharedColors) }
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

    public func finish() throws(MediaError) {
        guard let file, let format else { throw .invalidSettings("finish() was called twice, after cancel() or before begin(_:)") }
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
        encoder = nil
        pending = nil
    }

    static func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }

    /// The block drawing all of `pixels` onto a transparent canvas; never `.unchanged`
    /// (an invisible frame still needs a block to carry its delay).
    private func wholeImage(of pixels: [UInt32], with encoder: inout GIFFrameEncoder) -> GIFImage {
        let change = pixels.withUnsafeBufferPointer { encoder.encode($0, over: nil, shared: sharedColors) }
        if case .image(let image) = change { return image }
        // One transparent pixel.
        var lzw = LZWEncoder()
        let data = [UInt8(0)].withUnsafeBufferPointer { lzw.encode($0, minimumCodeSize: 2) }
        return GIFImage(width: 1, height: 1, localPalette: [.zero, .zero], transparentIndex: 0, data: data)
    }

    /// At most 255 colours for the whole animation (index 255 stays transparent).
    private static func sharedColors(of pixels: [UInt32]) -> [SIMD3<Int32>] {
        var quantizer = ColorQuantizer()
        for pixel in pixels where pixel >> 31 != 0 {
            quantizer.add(premultiplied: pixel)
        }
        let colors = quantizer.palette(maximumColors: 255).colors
        return colors.isEmpty ? [.zero] : colors
    }

    private func writeHeader(_ format: FrameSequenceFormat) throws(MediaError) {
        var header = Data("GIF89a".utf8)
        header.appendLittleEndian(UInt16(format.width))
        header.appendLittleEndian(UInt16(format.height))
        if let sharedColors {
            let table = GIFFrameEncoder.colorTable(sharedColors, withTransparency: true)
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
