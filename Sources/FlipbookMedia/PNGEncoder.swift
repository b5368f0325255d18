import Foundation
import CFlipbookKernels
import CZlib
import FlipbookGraphics

/// Writes PNG files: 8-bit RGBA (straight alpha on disk, as PNG requires), or RGB when the
/// image is opaque, with adaptive per-row filters and a zlib compression level.
public struct PNGEncoder: Sendable {
    /// zlib level, 0 (store) to 9 (smallest). Default 6.
    public var compressionLevel: Int

    public init(compressionLevel: Int = 6) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
    }

    /// Encodes `image` as PNG bytes.
    public func encode(_ image: CGImage) throws(MediaError) -> Data {
        let opaque = image.withUnsafePremultipliedBytes { bytes in
            stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 }
        }
        var png = Data(PNGDecoder.signature)
        PNGChunk.append("IHDR", Self.header(width: image.width, height: image.height, colorType: opaque ? 2 : 6), to: &png)
        let data = image.withUnsafePremultipliedBytes { bytes in
            Result { () throws(MediaError) in
                try compressedRows(bytes, imageWidth: image.width, x: 0, y: 0, width: image.width, height: image.height,
                                   channels: opaque ? 3 : 4)
            }
        }
        PNGChunk.append("IDAT", try data.get(), to: &png)
        PNGChunk.append("IEND", Data(), to: &png)
        return png
    }

    /// An IHDR chunk's data: 8 bits per sample, the colour type (2 RGB, 6 RGBA).
    static func header(width: Int, height: Int, colorType: UInt8) -> Data {
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, colorType, 0, 0, 0])
        return header
    }

    /// The zlib stream of a rectangle of premultiplied RGBA pixels (rows `imageWidth`
    /// pixels long) as filtered PNG scanlines of straight RGB (`channels` 3) or RGBA (4).
    func compressedRows(_ bytes: UnsafeRawBufferPointer, imageWidth: Int, x: Int, y: Int, width: Int, height: Int,
                        channels: Int) throws(MediaError) -> Data {
        let raw = Self.straightRows(bytes, imageWidth: imageWidth, x: x, y: y, width: width, height: height, channels: channels)
        return try Self.deflate(Self.filter(raw, width: width, height: height, bytesPerPixel: channels), level: compressionLevel)
    }

    /// Un-premultiplies to straight alpha and drops alpha for opaque images.
    static func straightRows(_ bytes: UnsafeRawBufferPointer, imageWidth: Int, x: Int, y: Int, width: Int, height: Int,
                             channels: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * channels)
        var o = 0
        for row in y..<y + height {
            for i in stride(from: (row * imageWidth + x) * 4, to: (row * imageWidth + x + width) * 4, by: 4) {
                let a = Int(bytes[i + 3])
                for c in 0..<3 {
                    let v = Int(bytes[i + c])
                    out[o + c] = a == 255 ? UInt8(v) : (a == 0 ? 0 : UInt8(min(255, (v * 255 + a / 2) / a)))
                }
                if channels == 4 { out[o + 3] = UInt8(a) }
                o += channels
            }
        }
        return out
    }

    /// Prefixes each row with the filter (None, Sub, Up, Average, Paeth) whose output has
    /// the smallest sum of absolute values, the heuristic the PNG specification suggests;
    /// the first such filter on a tie. A C kernel makes a row's five candidates and their
    /// sums, 32 bytes at a time.
    static func filter(_ raw: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        let rowBytes = width * bpp
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        // Rows without bytes are each one filter byte, None.
        guard rowBytes > 0 else { return out }
        let candidates = UnsafeMutablePointer<UInt8>.allocate(capacity: 5 * rowBytes)
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        zeros.initialize(repeating: 0, count: rowBytes)
        defer { candidates.deallocate(); zeros.deallocate() }
        var scores = [UInt64](repeating: 0, count: 5)
        raw.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = src.baseAddress! + y * rowBytes
                    fb_png_filter_row(row, y > 0 ? row - rowBytes : UnsafePointer(zeros), rowBytes, bpp, candidates, &scores)
                    let best = scores.indices.min { scores[$0] < scores[$1] }!
                    let start = y * (rowBytes + 1)
                    out[start] = UInt8(best)
                    (out.baseAddress! + start + 1).update(from: candidates + best * rowBytes, count: rowBytes)
                }
            }
        }
        return out
    }

    static func deflate(_ bytes: [UInt8], level: Int) throws(MediaError) -> Data {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeBufferPointer { src in
            compress2(&out, &length, src.baseAddress, uLong(bytes.count), Int32(level))
        }
        guard status == Z_OK else { throw .writeFailed("zlib compress2 returned \(status)") }
        return Data(out[0..<Int(length)])
    }
}

/// PNG chunk framing: length, type, data, CRC-32 of type and data.
enum PNGChunk {
    static func append(_ type: String, _ data: Data, to png: inout Data) {
        png.appendBigEndian(UInt32(data.count))
        var body = Data(type.utf8)
        body.append(data)
        png.append(body)
        let crc = body.withUnsafeBytes { raw in
            crc32(0, raw.bindMemory(to: UInt8.self).baseAddress, uInt(body.count))
        }
        png.appendBigEndian(UInt32(crc))
    }
}
