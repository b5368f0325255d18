import Foundation
import FlipbookGraphics

/// Reads GIF87a/89a files into full frames: each image block drawn over the canvas
/// (local or global colours, transparency, interlacing) with the disposal of the block
/// before it applied, as browsers show them. A block is clipped to the canvas; pixels its
/// data does not reach are left as they were, so decoding costs what the data holds, not
/// what the block declares.
enum GIFDecoder {
    static func isGIF(_ data: Data) -> Bool { data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) }

    static func decode(_ data: Data, budget: DecodingBudget) throws(MediaError) -> AnimatedImage {
        var reader = ByteReader(bytes: [UInt8](data))
        _ = try reader.take(6)
        let width = try reader.u16le(), height = try reader.u16le()
        let packed = try reader.byte()
        _ = try reader.take(2)
        do { try GraphicsLimits.check(width: width, height: height) } catch { throw .overSizeLimit(width: width, height: height) }
        try budget.check(width: width, height: height, "the GIF's screen")
        let global = packed & 0x80 != 0 ? try readTable(&reader, bits: Int(packed & 7) + 1) : nil
        var canvas = [UInt32](repeating: 0, count: width * height)
        var result = AnimatedImage(frames: [], delays: [], loopCount: nil)
        var delay = 0, transparent: Int?, disposal = 0
        while true {
            switch try reader.byte() {
            case 0x21:
                let label = try reader.byte()
                let blocks = try reader.subBlocks()
                if label == 0xF9, blocks.count >= 4 {
                    disposal = Int(blocks[0] >> 2 & 7)
                    delay = Int(blocks[1]) | Int(blocks[2]) << 8
                    transparent = blocks[0] & 1 != 0 ? Int(blocks[3]) : nil
                } else if label == 0xFF, blocks.count >= 14, blocks.prefix(11).elementsEqual("NETSCAPE2.0".utf8) {
                    result.loopCount = Int(blocks[12]) | Int(blocks[13]) << 8
                }
            case 0x2C:
                let x = try reader.u16le(), y = try reader.u16le(), w = try reader.u16le(), h = try reader.u16le()
                let flags = try reader.byte()
                let local = flags & 0x80 != 0 ? try readTable(&reader, bits: Int(flags & 7) + 1) : nil
                guard let table = local ?? global else { throw .corrupt("a GIF image has no colour table") }
                try budget.check(width: w, height: h, "a GIF frame")
                try budget.checkAnimation(frames: result.frames.count + 1, pixels: width * height)
                let minimumCodeSize = Int(try reader.byte())
                let indices = try LZWDecoder.decode(try reader.subBlocks(), minimumCodeSize: minimumCodeSize, count: w * h)
                // The part of the block on the canvas.
                let visible = (columns: x..<max(x, min(x + w, width)), rows: y..<max(y, min(y + h, height)))
                let before = disposal == 3 ? canvas : []
                let rows = flags & 0x40 != 0 ? interlacedRows(h) : Array(0..<h)
                for (stored, row) in rows.enumerated() where visible.rows.contains(y + row) {
                    let start = stored * w
                    guard start < indices.count else { continue }  // the data ended before this row
                    // The visible columns the data reaches.
                    let columns = x..<min(visible.columns.upperBound, x + indices.count - start)
                    for column in columns {
                        let index = Int(indices[start + column - x])
                        guard index != transparent, index < table.count else { continue }
                        canvas[(y + row) * width + column] = table[index]
                    }
                }
                result.frames.append(try AnimatedImage.frame(canvas, width: width, height: height))
                result.delays.append(Double(delay) / 100)
                if disposal == 2 {
                    for row in visible.rows { for column in visible.columns { canvas[row * width + column] = 0 } }
                } else if disposal == 3 {
                    canvas = before
                }
                delay = 0; transparent = nil; disposal = 0
            case 0x3B:
                guard !result.frames.isEmpty else { throw .corrupt("a GIF with no image") }
                return result
            case let other:
                throw .corrupt(String(format: "unexpected GIF block 0x%02X", other))
            }
        }
    }

    /// The row each stored row of an interlaced image belongs to.
    private static func interlacedRows(_ height: Int) -> [Int] {
        [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    private static func readTable(_ reader: inout ByteReader, bits: Int) throws(MediaError) -> [UInt32] {
        let bytes = try reader.take(3 << bits)
        return (0..<(1 << bits)).map { i in
            UInt32(bytes[3 * i]) | UInt32(bytes[3 * i + 1]) << 8 | UInt32(bytes[3 * i + 2]) << 16 | 0xFF00_0000
        }
    }
}
