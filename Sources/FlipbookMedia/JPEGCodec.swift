import Foundation
import CFlipbookJPEG
import FlipbookGraphics

/// Reads and writes JPEG files through libjpeg-turbo.
enum JPEGCodec {
    /// The most scans a file may have: real progressive JPEGs have about ten, and each scan
    /// costs a pass over the whole image.
    static let maximumScans: Int32 = 500

    static func decode(_ data: Data, budget: DecodingBudget) throws(MediaError) -> CGImage {
        guard data.count >= 4 else { throw .truncated("\(data.count) bytes, shorter than a JPEG header") }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            fb_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count,
                           Int32(GraphicsLimits.maximumDimension), GraphicsLimits.maximumPixelCount,
                           max(budget.maximumPixels, 0), maximumScans,
                           &pixels, &width, &height, &message, message.count)
        }
        defer { fb_jpeg_free(pixels) }
        let text = Self.string(from: message)
        switch status {
        case 0: break
        case -2: throw .overSizeLimit(width: Int(width), height: Int(height))
        case -4: throw budget.refusal(width: Int(width), height: Int(height), "the JPEG")
        case -5: throw .truncated("the JPEG declares \(width)×\(height) pixels, more than its \(data.count) bytes can hold")
        case -6: throw .unsupported("the JPEG has more than \(Self.maximumScans) scans (real ones have about ten)")
        default:
            if text.contains("Premature end") || text.contains("too short") || text.contains("EOF") { throw .truncated(text) }
            throw .corrupt(text)
        }
        guard let pixels else { throw .corrupt("decoder returned no pixels") }
        let w = Int(width), h = Int(height)
        let orientation = EXIFOrientation.read(from: data)
        let oriented = orientation.apply(pixels, width: w, height: h)
        do throws(GraphicsError) {
            return try CGImage(width: oriented.width, height: oriented.height, pixels: oriented.bytes,
                               layout: .rgba(premultiplied: true))
        } catch {
            throw .corrupt(error.description)
        }
    }

    static func encode(_ image: CGImage, quality: CGFloat, progressive: Bool) throws(MediaError) -> Data {
        let q = Int32(min(max((quality.isNaN ? 0.9 : quality) * 100, 1), 100).rounded())
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.withUnsafePremultipliedBytes { raw in
            fb_jpeg_encode(raw.bindMemory(to: UInt8.self).baseAddress, Int32(image.width), Int32(image.height), q,
                           progressive ? 1 : 0,
                           &out, &size, &message, message.count)
        }
        defer { fb_jpeg_free(out) }
        guard status == 0, let out else {
            throw .writeFailed(Self.string(from: message))
        }
        return Data(bytes: out, count: size)
    }

    /// The NUL-terminated message the C shim wrote.
    private static func string(from message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
