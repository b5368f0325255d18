import Foundation
import CPNG
import FlipbookGraphics

/// Reads PNG files of every colour type and bit depth (palettes with tRNS, 16-bit,
/// interlaced) through libpng's simplified API, which reports errors instead of jumping.
enum PNGDecoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// zlib's best compression: no deflate stream inflates more than this many times.
    private static let deflateLimit = 1032

    static func decode(_ data: Data, budget: DecodingBudget) throws(MediaError) -> CGImage {
        guard data.count >= 8 else { throw .truncated("\(data.count) bytes, shorter than a PNG signature") }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard begun != 0 else { throw error(from: &image, data: data) }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        do {
            try GraphicsLimits.check(width: width, height: height)
        } catch {
            throw .overSizeLimit(width: width, height: height)
        }
        try budget.check(width: width, height: height, "the PNG")
        // The rows a file declares cannot come from fewer bytes than deflate's best ratio
        // allows: refuse before allocating for them.
        guard data.count >= storedBytes(data, width: width, height: height) / deflateLimit else {
            throw .truncated("the PNG declares \(width)×\(height) pixels, more than its \(data.count) bytes can hold")
        }
        // libpng's simplified API calls 16-bit samples "linear" and would gamma-convert them
        // on the way to 8 bits (and, with PNG_IMAGE_FLAG_16BIT_sRGB, 1.6.39 scrambles
        // interlaced 16-bit files). PNG samples are gamma-encoded, so 16-bit files are read
        // in the 16-bit format, where no conversion happens and colour comes premultiplied,
        // and scaled to 8 bits here. Everything else is read as 8-bit RGBA, straight alpha;
        // libpng expands palettes, tRNS and low-depth gray and de-interlaces. A file with
        // neither alpha nor tRNS is read as RGB, so that the image is known to be opaque.
        let sixteenBit = image.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0
        let opaque = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) == 0
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR) | (opaque ? 0 : UInt32(PNG_FORMAT_FLAG_ALPHA))
            | (sixteenBit ? UInt32(PNG_FORMAT_FLAG_LINEAR) : 0)
        let bytesPerSample = sixteenBit ? 2 : 1, channels = opaque ? 3 : 4
        var samples = [UInt8](repeating: 0, count: width * height * channels * bytesPerSample)
        let finished = samples.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(width * channels), nil)
        }
        guard finished != 0 else { throw error(from: &image, data: data) }
        let pixels: Data
        if sixteenBit {
            pixels = samples.withUnsafeBytes { raw in
                Data(raw.bindMemory(to: UInt16.self).map { UInt8((UInt32($0) * 255 + 32_767) / 65_535) })
            }
        } else {
            pixels = Data(samples)
        }
        do throws(GraphicsError) {
            return try CGImage(width: width, height: height, pixels: pixels, layout: opaque ? .rgb : .rgba(premultiplied: sixteenBit))
        } catch {
            throw .corrupt(error.description)
        }
    }

    /// The bytes of filtered rows the file's image data inflates to, by the bit depth and
    /// colour type its IHDR declares (interlaced files need a little more).
    private static func storedBytes(_ data: Data, width: Int, height: Int) -> Int {
        guard data.count > 25 else { return 0 }
        let depth = Int(data[data.startIndex + 24])
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(data[data.startIndex + 25])] ?? 1
        return ((width * channels * depth + 7) / 8 + 1) * height
    }

    private static func error(from image: inout png_image, data: Data) -> MediaError {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if message.contains("Not a PNG") || message.contains("signature") { return .notAnImage }
        if message.contains("EOF") || message.contains("end of") || message.contains("Read Error") || message.contains("truncated") {
            return .truncated(message)
        }
        if message.contains("too large") || message.contains("exceeds") { return .overSizeLimit(width: 0, height: 0) }
        return .corrupt(message.isEmpty ? "libpng could not read the data" : message)
    }
}
