import FlipbookGraphics
import FlipbookMedia
import Foundation
import Testing

/// Hand-made hostile files, each a few bytes, that crashed a decoder or cost it gigabytes
/// or minutes: every one is now refused (or decoded) at once, with words that say why.
struct HostileInputTests {
    /// A GIF: `screen` pixels, a two-colour global table, then `blocks`, then the trailer.
    static func gif(screen: (Int, Int), _ blocks: [[UInt8]]) -> Data {
        var bytes = Array("GIF89a".utf8) + le(screen.0) + le(screen.1) + [0x80, 0, 0]
        bytes += [0, 0, 0, 255, 0, 0]
        for block in blocks { bytes += block }
        return Data(bytes + [0x3B])
    }

    /// An image block at (`x`, `y`) of `w`×`h` whose data is one index 1 (a red pixel),
    /// with a graphic control extension asking for `disposal`.
    static func frame(x: Int, y: Int, w: Int, h: Int, disposal: UInt8 = 0) -> [UInt8] {
        let control: [UInt8] = [0x21, 0xF9, 0x04, disposal << 2, 0, 0, 0, 0]
        // LZW with 2-bit codes: clear (4), index 1, end (5), packed LSB first.
        let data: [UInt8] = [0x02, 0x4C, 0x01, 0x00]
        return control + [0x2C] + le(x) + le(y) + le(w) + le(h) + [0x00, 0x02] + data
    }

    static func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// A frame lying right of and below the screen, disposed to the background: it crashed
    /// the decoder (`Range requires lowerBound <= upperBound`); a browser shows nothing of it.
    @Test func framesOutsideTheScreenAreClipped() throws {
        let data = Self.gif(screen: (4, 4), [Self.frame(x: 10, y: 10, w: 1, h: 1, disposal: 2),
                                             Self.frame(x: 3, y: 3, w: 4, h: 4, disposal: 2),
                                             Self.frame(x: 0, y: 0, w: 1, h: 1)])
        #expect(data.count < 100)
        let image = try AnimatedImage(data: data)
        #expect(image.frames.count == 3)
        #expect(image.frames[0].withUnsafePremultipliedBytes { $0.allSatisfy { $0 == 0 } })
        // The second frame's one decoded pixel lands at (3, 3); its data ends there.
        let second = image.frames[1].withUnsafePremultipliedBytes { Array($0.bindMemory(to: UInt32.self)) }
        #expect(second[15] == 0xFF00_00FF && second.filter { $0 != 0 }.count == 1)
        let third = image.frames[2].withUnsafePremultipliedBytes { Array($0.bindMemory(to: UInt32.self)) }
        #expect(third[0] == 0xFF00_00FF && third[15] == 0)  // the second was disposed
    }

    /// Sizes a file declares are checked against the decoding budget before anything is
    /// allocated for them: a 16384² screen, a 65535² frame, more frames than the animation
    /// budget, an APNG canvas.
    @Test func declaredSizesOverTheBudgetAreRefused() throws {
        let screen = Self.gif(screen: (16384, 16384), [Self.frame(x: 0, y: 0, w: 1, h: 1)])
        #expect(throws: MediaError.self) { try AnimatedImage(data: screen) }
        do { _ = try AnimatedImage(data: screen) } catch {
            #expect(error.description.contains("16384×16384") && error.description.contains("decoding budget"))
        }
        let block = Self.gif(screen: (1, 1), [Self.frame(x: 0, y: 0, w: 65535, h: 65535)])
        #expect(throws: MediaError.self) { try AnimatedImage(data: block) }
        // A 62-byte file whose block claims 9000² on a 1-pixel screen costs what its data holds.
        let claimed = Self.gif(screen: (1, 1), [Self.frame(x: 0, y: 0, w: 9000, h: 9000)])
        #expect(try AnimatedImage(data: claimed).frames.count == 1)
        // Frames whose canvases together pass the animation budget.
        let many = Self.gif(screen: (10, 10), Array(repeating: Self.frame(x: 0, y: 0, w: 1, h: 1), count: 3))
        let small = DecodingBudget(maximumPixels: 1000, maximumAnimationPixels: 250)
        #expect(try AnimatedImage(data: many, budget: DecodingBudget(maximumPixels: 1000, maximumAnimationPixels: 300)).frames.count == 3)
        #expect(throws: MediaError.self) { try AnimatedImage(data: many, budget: small) }
        // The budget every decoder uses unless told another can be set.
        let saved = DecodingBudget.standard
        DecodingBudget.standard = small
        #expect(throws: MediaError.self) { try AnimatedImage(data: many) }
        DecodingBudget.standard = saved
        #expect(try AnimatedImage(data: many).frames.count == 3)
    }

    /// Animations with no frame are refused, not accepted empty.
    @Test func animationsWithoutFramesAreRefused() throws {
        #expect(throws: MediaError.corrupt("a GIF with no image")) { try AnimatedImage(data: Self.gif(screen: (4, 4), [])) }
        var png = Data(PNGTestFile.signature)
        png += PNGTestFile.chunk("IHDR", PNGTestFile.be(4) + PNGTestFile.be(4) + [8, 6, 0, 0, 0])
        png += PNGTestFile.chunk("acTL", PNGTestFile.be(0) + PNGTestFile.be(0))
        png += PNGTestFile.chunk("IEND", [])
        #expect(throws: MediaError.corrupt("an APNG with no frame")) { try AnimatedImage(data: png) }
    }

    /// A 16-bit PNG declaring 8000² pixels in under 100 bytes is refused before its
    /// 512 MB of samples are allocated: deflate cannot inflate that much from so little.
    @Test func pngsDeclaringMoreThanTheirDataHoldsAreRefused() throws {
        var png = Data(PNGTestFile.signature)
        png += PNGTestFile.chunk("IHDR", PNGTestFile.be(8000) + PNGTestFile.be(8000) + [16, 6, 0, 0, 0])
        png += PNGTestFile.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00])
        #expect(png.count < 100)
        do {
            _ = try CGImage.decode(png)
            Issue.record("decoded")
        } catch {
            #expect(error.description.contains("more than its \(png.count) bytes can hold"))
        }
    }

    /// A JPEG header declaring 8000² pixels with no data after it is refused before the
    /// decoder allocates for the image; one of more than 500 scans is refused too.
    @Test func jpegsDeclaringMoreThanTheirDataHoldsAreRefused() throws {
        let small = try CGImage(width: 16, height: 16, pixels: Data(repeating: 200, count: 16 * 16 * 4), layout: .rgba(premultiplied: false))
        let progressive = [UInt8](try small.encoded(as: .jpeg(quality: 0.8, progressive: true)))
        var big = progressive
        let sof = (0..<big.count - 1).first { big[$0] == 0xFF && (big[$0 + 1] == 0xC2 || big[$0 + 1] == 0xC0) }!
        big[sof + 5] = 0x1F; big[sof + 6] = 0x40; big[sof + 7] = 0x1F; big[sof + 8] = 0x40  // 8000 × 8000
        do {
            _ = try CGImage.decode(Data(big))
            Issue.record("decoded")
        } catch {
            #expect(error.description.contains("8000×8000") && error.description.contains("can hold"))
        }
        // The last scan repeated 600 times.
        let lastScan = (0..<progressive.count - 1).last { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA }!
        let scan = progressive[lastScan..<(progressive.count - 2)]
        let scans = Array(progressive[..<(progressive.count - 2)]) + Array((0..<600).flatMap { _ in scan }) + [0xFF, 0xD9]
        do {
            _ = try CGImage.decode(Data(scans))
            Issue.record("decoded")
        } catch {
            #expect(error.description.contains("more than 500 scans"))
        }
    }

    /// A folder, a device or a pipe given as an image file says what it is.
    @Test func whatIsNotAFileIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (url, words) in [(folder, "it is a folder"), (URL(fileURLWithPath: "/dev/zero"), "not a regular file")] {
            do {
                _ = try CGImage.read(contentsOf: url)
                Issue.record("read \(url.path)")
            } catch {
                #expect(error.description.contains(words), "\(error)")
            }
            #expect(throws: MediaError.self) { try AnimatedImage(contentsOf: url) }
        }
    }
}

/// PNG chunks for hand-made test files.
enum PNGTestFile {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func be(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be(body.count) + typed + be(Int(CRC32.of(typed)))
    }
}
