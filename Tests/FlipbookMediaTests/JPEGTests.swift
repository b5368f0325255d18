import FlipbookGraphics
import FlipbookMedia
import FlipbookTestSupport
import Foundation
import Testing

struct JPEGTests {
    static func smooth(width: Int = 64, height: Int = 48) throws -> CGImage {
        var bytes = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), 128, 255]
            }
        }
        return try CGImage(width: width, height: height, pixels: Data(bytes), layout: .rgba(premultiplied: false))
    }

    static func maxDifference(_ a: CGImage, _ b: CGImage) -> Int {
        let x = a.withUnsafePremultipliedBytes { Array($0) }, y = b.withUnsafePremultipliedBytes { Array($0) }
        return zip(x, y).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test(arguments: [false, true])
    func roundTrip(progressive: Bool) throws {
        let image = try Self.smooth()
        let data = try image.encoded(as: .jpeg(quality: 0.95, progressive: progressive))
        #expect(data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        // A progressive file carries an SOF2 marker, a baseline one SOF0.
        #expect(data.contains(Data([0xFF, 0xC2])) == progressive)
        let back = try CGImage.decode(data)
        #expect(back.width == 64 && back.height == 48)
        #expect(Self.maxDifference(image, back) <= 12)
    }

    @Test func qualityTradesSize() throws {
        let image = try Self.smooth(width: 128, height: 128)
        #expect(try image.jpegData(compressionQuality: 0.2).count < image.jpegData(compressionQuality: 0.95).count)
    }

    /// Inserts an APP1 Exif segment with one orientation entry after SOI.
    static func withOrientation(_ jpeg: Data, _ orientation: UInt16) -> Data {
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1]  // big-endian, IFD at 8, one entry
        tiff += [0x01, 0x12, 0, 3, 0, 0, 0, 1, UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0]
        tiff += [0, 0, 0, 0]
        let payload: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        out.append(jpeg.dropFirst(2))
        return out
    }

    /// Orientation values per the EXIF specification: where the stored top-left pixel ends up.
    @Test(arguments: [(1, 64, 48, 0, 0), (2, 64, 48, 63, 0), (3, 64, 48, 63, 47), (4, 64, 48, 0, 47),
                      (5, 48, 64, 0, 0), (6, 48, 64, 47, 0), (7, 48, 64, 47, 63), (8, 48, 64, 0, 63)])
    func exifOrientationIsApplied(orientation: Int, width: Int, height: Int, cornerX: Int, cornerY: Int) throws {
        // A black image with a white 8×8 block at the stored top-left corner.
        var bytes = [UInt8](repeating: 0, count: 64 * 48 * 4)
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        for y in 0..<8 { for x in 0..<8 { for c in 0..<3 { bytes[(y * 64 + x) * 4 + c] = 255 } } }
        let image = try CGImage(width: 64, height: 48, pixels: Data(bytes), layout: .rgba(premultiplied: true))
        let data = Self.withOrientation(try image.jpegData(compressionQuality: 0.95), UInt16(orientation))
        let upright = try CGImage.decode(data)
        #expect(upright.width == width && upright.height == height)
        let inset = { (v: Int, size: Int) in v == 0 ? 2 : size - 3 }
        #expect(upright.pixel(inset(cornerX, width), inset(cornerY, height))[0] > 200)
        #expect(upright.pixel(width / 2, height / 2)[0] < 50)
    }
}
