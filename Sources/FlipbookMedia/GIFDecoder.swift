import Foundation
import FlipbookGraphics

/// Reads GIF87a/89a files into full frames: each image block drawn over the canvas
/// (local or global colours, transparency, interlacing) with the disposal of the block
/// before it applied, as browsers show them.
enum GIFDecoder {
    static func isGIF(_ data: Data) -> Bool { data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) }

    static func decode(_ data: Data) throws(MediaError) -> AnimatedImage {
        var reader = ByteReader(bytes: [UInt8](data))
        _ = try reader.take(6)
        let width = try reader.u16le(), height = try reader.u16le()
        let packed = try reader.byte()
        _ = try reader.take(2)
        do { try GraphicsLimits.check(width: width, height: height) } catch { throw .overSizeLimit(width: width, height: height) }
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
                let minimumCodeSize = Int(try reader.byte())
                let indices = try LZWDecoder.decode(try reader.subBlocks(), minimumCodeSize: minimumCodeSize, count: w * h)
                let rows = flags & 0x40 != 0 ? interlacedRows(h) : Array(0..<h)
                let before = disposal == 3 ? canvas : []
                for (row, targetRow) in rows.enumerated() where y + targetRow < height {
                    for column in 0..<w where x + column < width {
                        let index = Int(indices[row * w + column])
                        guard index != transparent, index < table.count else { continue }
                        canvas[(y + targetRow) * width + x + column] = table[index]
                    }
                }
                result.frames.append(try image(canvas, width: width, height: height))
                result.delays.append(Double(delay) / 100)
                if disposal == 2 {
                    for row in y..<min(y + h, height) { for column in x..<min(x + w, width) { canvas[row * width + column] = 0 } }
                } else if disposal == 3 {
                    canvas = before
                }
                delay = 0; transparent = nil; disposal = 0
            case 0x3B:
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

    static func image(_ pixels: [UInt32], width: Int, height: Int) throws(MediaError) -> CGImage {
        let bytes = pixels.withUnsafeBytes { Data($0) }
        do throws(GraphicsError) {
            return try CGImage(width: width, height: height, pixels: bytes, layout: .rgba(premultiplied: true))
        } catch {
            throw .corrupt(error.description)
        }
    }
}

/// GIF's LZW decompression.
enum LZWDecoder {
    static func decode(_ bytes: [UInt8], minimumCodeSize: Int, count: Int) throws(MediaError) -> [UInt8] {
        guard (2...8).contains(minimumCodeSize) else { throw .corrupt("GIF LZW minimum code size \(minimumCodeSize)") }
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [Int](repeating: -1, count: 4096), suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear { suffix[code] = UInt8(truncatingIfNeeded: code); first[code] = suffix[code] }
        var out = [UInt8](), stack = [UInt8]()
        out.reserveCapacity(count)
        var codeSize = minimumCodeSize + 1, next = end + 1, previous = -1
        var accumulator = 0, bits = 0, position = 0
        while out.count < count {
            while bits < codeSize {
                guard position < bytes.count else { throw .truncated("GIF image data ends early") }
                accumulator |= Int(bytes[position]) << bits
                position += 1
                bits += 8
            }
            let code = accumulator & ((1 << codeSize) - 1)
            accumulator >>= codeSize
            bits -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1; next = end + 1; previous = -1
                continue
            }
            if code == end { break }
            guard previous >= 0 else {
                guard code < clear else { throw .corrupt("GIF LZW code \(code) before any string") }
                out.append(UInt8(code))
                previous = code
                continue
            }
            guard code <= next else { throw .corrupt("GIF LZW code \(code) beyond the table") }
            let known = code < next
            var walk = known ? code : previous
            stack.removeAll(keepingCapacity: true)
            if !known { stack.append(first[previous]) }
            while walk >= clear { stack.append(suffix[walk]); walk = prefix[walk] }
            stack.append(UInt8(walk))
            out.append(contentsOf: stack.reversed())
            if next < 4096 {
                prefix[next] = previous
                suffix[next] = first[known ? code : previous]
                first[next] = first[previous]
                next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            previous = code
        }
        if out.count < count { out += [UInt8](repeating: 0, count: count - out.count) }
        return Array(out.prefix(count))
    }
}

/// Reads bytes from the front of a buffer, throwing `truncated` past its end.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func byte() throws(MediaError) -> UInt8 { try take(1)[0] }

    /// The next `count` bytes, indexed from 0.
    mutating func take(_ count: Int) throws(MediaError) -> [UInt8] {
        guard count >= 0, position + count <= bytes.count else { throw .truncated("the data ends at byte \(bytes.count)") }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func u16le() throws(MediaError) -> Int {
        let pair = try take(2)
        return Int(pair[0]) | Int(pair[1]) << 8
    }

    mutating func u16be() throws(MediaError) -> Int {
        try take(2).reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func u32be() throws(MediaError) -> Int {
        try take(4).reduce(0) { $0 << 8 | Int($1) }
    }

    /// GIF sub-blocks up to their terminator, joined.
    mutating func subBlocks() throws(MediaError) -> [UInt8] {
        var out = [UInt8]()
        while true {
            let count = Int(try byte())
            if count == 0 { return out }
            out += try take(count)
        }
    }
}
