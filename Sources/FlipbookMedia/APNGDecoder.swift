import Foundation
import FlipbookGraphics

/// Reads animated PNGs: each frame's data is decoded as a PNG of the frame's size (with
/// the file's palette and transparency chunks) and composed over the canvas with its blend
/// operation, after the previous frame's dispose operation. A PNG without `acTL` gives
/// its one image.
enum APNGDecoder {
    private struct FrameControl {
        var width = 0, height = 0, x = 0, y = 0
        var delay = 0.0
        var dispose: UInt8 = 0, blend: UInt8 = 0
        var data = Data()
    }

    static func decode(_ data: Data, budget: DecodingBudget) throws(MediaError) -> AnimatedImage {
        var reader = ByteReader(bytes: [UInt8](data))
        _ = try reader.take(8)
        var header = Data(), shared = Data(), loopCount: Int?
        var frames: [FrameControl] = [], current: FrameControl?
        chunks: while reader.position < reader.bytes.count {
            let length = try reader.u32be()
            let type = String(decoding: try reader.take(4), as: UTF8.self)
            let body = try reader.take(length)
            _ = try reader.take(4)
            var fields = ByteReader(bytes: Array(body))
            switch type {
            case "IHDR": header = Data(body)
            case "PLTE", "tRNS": PNGChunk.append(type, Data(body), to: &shared)
            case "acTL":
                _ = try fields.u32be()
                loopCount = try fields.u32be()
            case "fcTL":
                if let current { frames.append(current) }
                _ = try fields.u32be()
                var control = FrameControl()
                (control.width, control.height) = (try fields.u32be(), try fields.u32be())
                (control.x, control.y) = (try fields.u32be(), try fields.u32be())
                let numerator = Double(try fields.u16be()), denominator = Double(try fields.u16be())
                control.delay = numerator / (denominator == 0 ? 100 : denominator)
                (control.dispose, control.blend) = (try fields.byte(), try fields.byte())
                current = control
            case "IDAT":
                // Without a frame control before it, the default image is not a frame.
                current?.data.append(Data(body))
            case "fdAT": current?.data.append(Data(body.dropFirst(4)))
            case "IEND": break chunks
            default: break
            }
        }
        if let current { frames.append(current) }
        guard header.count == 13 else { throw .corrupt("a PNG without IHDR") }
        let width = Int(header.prefix(4).reduce(0) { $0 << 8 | UInt32($1) })
        let height = Int(header.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | UInt32($1) })
        if loopCount == nil { return AnimatedImage(frames: [try PNGDecoder.decode(data, budget: budget)], delays: [0], loopCount: nil) }
        do { try GraphicsLimits.check(width: width, height: height) } catch { throw .overSizeLimit(width: width, height: height) }
        try budget.check(width: width, height: height, "the APNG's canvas")
        guard !frames.isEmpty else { throw .corrupt("an APNG with no frame") }
        try budget.checkAnimation(frames: frames.count, pixels: width * height)
        var canvas = [UInt32](repeating: 0, count: width * height)
        var result = AnimatedImage(frames: [], delays: [], loopCount: loopCount)
        for frame in frames {
            guard frame.x + frame.width <= width, frame.y + frame.height <= height else {
                throw .corrupt("an APNG frame lies outside the image")
            }
            var png = Data(PNGDecoder.signature)
            var frameHeader = Data()
            frameHeader.appendBigEndian(UInt32(frame.width))
            frameHeader.appendBigEndian(UInt32(frame.height))
            frameHeader.append(header.dropFirst(8))
            PNGChunk.append("IHDR", frameHeader, to: &png)
            png.append(shared)
            PNGChunk.append("IDAT", frame.data, to: &png)
            PNGChunk.append("IEND", Data(), to: &png)
            let image = try PNGDecoder.decode(png, budget: budget)
            let before = frame.dispose == 2 ? canvas : []
            image.withUnsafePremultipliedBytes { raw in
                let source = raw.bindMemory(to: UInt32.self)
                for row in 0..<frame.height {
                    for column in 0..<frame.width {
                        let target = (frame.y + row) * width + frame.x + column
                        let pixel = source[row * frame.width + column]
                        canvas[target] = frame.blend == 0 ? pixel : sourceOver(pixel, canvas[target])
                    }
                }
            }
            result.frames.append(try AnimatedImage.frame(canvas, width: width, height: height))
            result.delays.append(frame.delay)
            if frame.dispose == 1 {
                for row in frame.y..<frame.y + frame.height {
                    for column in frame.x..<frame.x + frame.width { canvas[row * width + column] = 0 }
                }
            } else if frame.dispose == 2 {
                canvas = before
            }
        }
        return result
    }

    /// Premultiplied source-over of one RGBA word on another.
    private static func sourceOver(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let inverse = 255 - top >> 24
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let t = top >> UInt32(shift) & 0xFF, b = bottom >> UInt32(shift) & 0xFF
            out |= min(255, t + (b * inverse + 127) / 255) << UInt32(shift)
        }
        return out
    }
}
