import FlipbookGraphics
import FlipbookMedia
import Foundation
import Testing

/// 1,000 damaged files: truncated, bit-flipped and with absurd dimensions. Each must throw
/// (or, for a JPEG whose flipped bit still leaves a valid stream, decode at its own size);
/// none may crash, hang or allocate without bound.
struct CorruptDataTests {
    static func sample() throws -> (png: Data, jpeg: Data) {
        var bytes = [UInt8]()
        for y in 0..<40 { for x in 0..<50 { bytes += [UInt8(x * 5), UInt8(y * 6), UInt8((x ^ y) & 0xFF), UInt8(128 + x)] } }
        let image = try CGImage(width: 50, height: 40, pixels: Data(bytes), layout: .rgba(premultiplied: false))
        return (try image.pngData(), try image.jpegData(compressionQuality: 0.8))
    }

    struct Rng {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func truncatedFilesThrow() throws {
        let (png, jpeg) = try Self.sample()
        var rng = Rng(state: 1)
        for _ in 0..<250 {
            #expect(throws: MediaError.self) { try CGImage.decode(png.prefix(rng.next(png.count - 12))) }
            #expect(throws: MediaError.self) { try CGImage.decode(jpeg.prefix(rng.next(jpeg.count - 2))) }
        }
    }

    @Test func bitFlippedFilesNeverCrash() throws {
        let (png, jpeg) = try Self.sample()
        var rng = Rng(state: 2)
        var jpegDecoded = 0
        for _ in 0..<200 {
            var p = png
            let i = rng.next(p.count)
            p[i] ^= UInt8(1 << rng.next(8))
            // Every PNG byte is covered by the signature, a length, or a CRC-32.
            #expect(throws: MediaError.self) { try CGImage.decode(p) }
            var j = jpeg
            let k = 2 + rng.next(j.count - 2)
            j[k] ^= UInt8(1 << rng.next(8))
            if let image = try? CGImage.decode(j) {
                jpegDecoded += 1
                #expect(image.width * image.height <= 50 * 40 * 4)
            }
        }
        #expect(jpegDecoded < 200)
    }

    @Test func absurdDimensionsAreRefusedBeforeAllocating() throws {
        let (png, jpeg) = try Self.sample()
        // PNG: patch IHDR's width/height and fix its CRC so only the size is wrong.
        for (w, h) in [(0x7FFF_FFFF, 1), (100_000, 100_000), (0, 10), (40_000, 40_000), (1, 0x7FFF_FFFF)] {
            var p = [UInt8](png)
            for (offset, value) in [(16, w), (20, h)] {
                for b in 0..<4 { p[offset + b] = UInt8((value >> (24 - 8 * b)) & 0xFF) }
            }
            let crc = CRC32.of(p[12..<29])
            for b in 0..<4 { p[29 + b] = UInt8((crc >> (24 - 8 * b)) & 0xFF) }
            #expect(throws: MediaError.self) { try CGImage.decode(Data(p)) }
        }
        // JPEG: set the SOF0 frame to 40,000 × 40,000 (libjpeg accepts up to 65,500).
        var j = [UInt8](jpeg)
        let sof = try #require((0..<(j.count - 1)).first { j[$0] == 0xFF && j[$0 + 1] == 0xC0 })
        j[sof + 5] = 0x9C; j[sof + 6] = 0x40; j[sof + 7] = 0x9C; j[sof + 8] = 0x40
        #expect(throws: MediaError.overSizeLimit(width: 40_000, height: 40_000)) { try CGImage.decode(Data(j)) }
        for k in 0..<90 {
            var r = [UInt8](jpeg)
            r[sof + 5 + k % 4] = UInt8(truncatingIfNeeded: k * 37)
            _ = try? CGImage.decode(Data(r))
        }
    }

    @Test func nonImagesAreNamed() {
        #expect(throws: MediaError.notAnImage) { try CGImage.decode(Data("hello, world".utf8)) }
        #expect(throws: MediaError.self) { try CGImage.decode(Data()) }
        #expect(MediaError.notAnImage.description.contains("no PNG, JPEG or GIF signature"))
    }
}

/// CRC-32 (ISO-HDLC), written out independently of zlib for the tests.
enum CRC32 {
    static func of<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
