import CFlipbookKernels
import FlipbookGraphics
@testable import FlipbookMedia
import FlipbookTestSupport
import Foundation
import Testing

/// PNG decoding of every colour type and bit depth (fixtures from scripts/make-png-fixtures.py)
/// and encoder round trips.
struct PNGTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    static func level(_ x: Int, _ y: Int, depth: Int) -> Int {
        let top = (1 << depth) - 1
        let v = ((x + 7 * y) * top) / 34
        return depth == 16 ? (v * 255 + 32_767) / 65_535 : v * 255 / top
    }

    @Test(arguments: [1, 2, 4, 8, 16])
    func grayDepths(depth: Int) throws {
        let image = try CGImage.decode(Self.fixture("gray\(depth).png"))
        #expect(image.width == 7 && image.height == 5)
        #expect(image.alphaInfo == .noneSkipLast, "a file without alpha is known to be opaque")
        for y in 0..<5 {
            for x in 0..<7 {
                let v = Self.level(x, y, depth: depth)
                let p = image.pixel(x, y)
                #expect(abs(Int(p[0]) - v) <= 1 && p[0] == p[1] && p[1] == p[2] && p[3] == 255, "(\(x),\(y)) \(p) vs \(v)")
            }
        }
    }

    @Test(arguments: ["rgb8", "rgb16", "rgb8-interlaced", "rgb16-interlaced"])
    func rgb(name: String) throws {
        let depth = name.hasPrefix("rgb16") ? 16 : 8
        let image = try CGImage.decode(Self.fixture("\(name).png"))
        #expect(image.alphaInfo == .noneSkipLast, "a file without alpha is known to be opaque")
        for y in 0..<5 {
            for x in 0..<7 {
                let expected = [Self.level(x, y, depth: depth), Self.level(6 - x, y, depth: depth), Self.level(x, 4 - y, depth: depth), 255]
                let p = image.pixel(x, y).map(Int.init)
                #expect(zip(p, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(name) (\(x),\(y)) \(p) vs \(expected)")
            }
        }
    }

    @Test(arguments: ["graya8", "graya16", "rgba8", "rgba16"])
    func alpha(name: String) throws {
        let depth = name.hasSuffix("16") ? 16 : 8
        let image = try CGImage.decode(Self.fixture("\(name).png"))
        #expect(image.alphaInfo == .premultipliedLast)
        for y in 0..<5 {
            for x in 0..<7 {
                let v = Double(Self.level(x, y, depth: depth))
                let p = image.pixel(x, y).map(Double.init)
                let straight: [Double]
                let a: Double
                if name.hasPrefix("graya") {
                    a = Double(depth == 16 ? ((((x + 7 * y) * 65_535) / 34) / 2 * 255 + 32_767) / 65_535 : (((x + 7 * y) * 255) / 34) / 2)
                    straight = [v, v, v]
                } else {
                    a = v
                    straight = [v, 0, Double(Self.level(6 - x, y, depth: depth))]
                }
                #expect(abs(p[3] - a) <= 1, "\(name) alpha (\(x),\(y)) \(p[3]) vs \(a)")
                for c in 0..<3 {
                    // Stored premultiplied: straight·alpha/255, within rounding of both steps.
                    #expect(abs(p[c] - straight[c] * a / 255) <= 1.5, "\(name) (\(x),\(y)) channel \(c): \(p) vs \(straight) × \(a)")
                }
            }
        }
    }

    @Test(arguments: [2, 4, 8])
    func palettesWithTransparency(depth: Int) throws {
        let image = try CGImage.decode(Self.fixture("palette\(depth).png"))
        #expect(image.alphaInfo == .premultipliedLast, "tRNS gives a palette alpha")
        let palette: [[UInt8]] = [[255, 0, 0, 255], [0, 128, 0, 128], [0, 0, 0, 0], [255, 255, 255, 255]]
        for y in 0..<5 { for x in 0..<7 { #expect(image.pixel(x, y) == palette[(x + y) % 4]) } }
    }

    static func card(width: Int, height: Int, opaque: Bool) throws -> CGImage {
        var bytes = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 = opaque ? 255 : UInt8((x * 37 + y * 11) % 256)
                bytes += [UInt8((x * 5) % 256), UInt8((y * 7) % 256), UInt8((x + y) % 256), a]
            }
        }
        return try CGImage(width: width, height: height, pixels: Data(bytes), layout: .rgba(premultiplied: false))
    }

    @Test(arguments: [0, 6, 9])
    func opaqueRoundTripIsExact(level: Int) throws {
        let image = try Self.card(width: 61, height: 33, opaque: true)
        let data = try image.encoded(as: .png(compressionLevel: level))
        let back = try CGImage.decode(data)
        #expect(back.withUnsafePremultipliedBytes { Array($0) } == image.withUnsafePremultipliedBytes { Array($0) })
    }

    @Test func translucentRoundTripKeepsStraightAlphaOnDisk() throws {
        let image = try Self.card(width: 40, height: 40, opaque: false)
        let back = try CGImage.decode(try image.pngData())
        let a = image.withUnsafePremultipliedBytes { Array($0) }, b = back.withUnsafePremultipliedBytes { Array($0) }
        // Premultiplied → straight → premultiplied loses at most one step per channel.
        #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(zip(a, b).filter { $0 != $1 }.count < a.count / 10)
    }

    /// `row` under `above` through PNG filter `f` (None, Sub, Up, Average, Paeth), as the
    /// specification writes the filters, byte by byte.
    static func filtered(_ row: [UInt8], above: [UInt8], filter f: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        row.indices.map { x in
            let a = x >= bpp ? row[x - bpp] : 0, b = above[x], c = x >= bpp ? above[x - bpp] : 0
            let p = Int(a) + Int(b) - Int(c), pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
            let paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            return row[x] &- [0, a, b, UInt8((Int(a) + Int(b)) / 2), paeth][f]
        }
    }

    /// The sum of the bytes' magnitudes read as signed bytes: the filter heuristic's score.
    static func score(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { $0 + Int(Int8(bitPattern: $1).magnitude) } }

    /// Each row's filter is the one whose bytes have the smallest sum of magnitudes (as
    /// signed bytes), the first on a tie: a row of zeros under nothing ties everywhere and
    /// takes None, a constant row and a ramp take Sub, a repeated row Up, and a row that is
    /// the mean of its left and upper neighbours Average. On every instruction set the
    /// filter kernel has here, rows long enough for its 32-byte steps and a tail.
    @Test(arguments: [3, 4], 0...Int(fb_kernels_best_level()))
    func filtersPickTheSmallestSumPerRow(bytesPerPixel bpp: Int, level: Int) {
        fb_kernels_use_level_on_this_thread(Int32(level))
        defer { fb_kernels_use_level_on_this_thread(-1) }
        let width = 37, rowBytes = width * bpp
        var random = SeededRandom(seed: UInt64(bpp))
        let zeros = [UInt8](repeating: 0, count: rowBytes), constant = [UInt8](repeating: 90, count: rowBytes)
        let noise = (0..<rowBytes).map { _ in UInt8(random.next() % 256) }
        let ramp = (0..<rowBytes).map { UInt8(truncatingIfNeeded: 3 * ($0 / bpp) + 40) }
        // Each byte the floor of the mean of the one to its left in this row and the one above.
        var mean = [UInt8](repeating: 0, count: rowBytes)
        for x in 0..<rowBytes { mean[x] = UInt8((Int(x >= bpp ? mean[x - bpp] : 0) + Int(ramp[x])) / 2) }
        let rows = [zeros, constant, noise, noise, ramp, mean]
        let out = PNGEncoder.filter(rows.flatMap { $0 }, width: width, height: rows.count, bytesPerPixel: bpp)
        #expect(out.count == rows.count * (rowBytes + 1))
        let chosen = (0..<rows.count).map { out[$0 * (rowBytes + 1)] }
        #expect(chosen[0] == 0 && chosen[1] == 1 && chosen[3] == 2 && chosen[4] == 1 && chosen[5] == 3, "filters \(chosen)")
        // Every row's bytes are its chosen filter applied, and no other filter sums less.
        for (y, row) in rows.enumerated() {
            let above = y > 0 ? rows[y - 1] : zeros
            func candidate(_ f: Int) -> [UInt8] { Self.filtered(row, above: above, filter: f, bytesPerPixel: bpp) }
            func score(_ bytes: [UInt8]) -> Int { Self.score(bytes) }
            let f = Int(chosen[y])
            #expect(Array(out[(y * (rowBytes + 1) + 1)...(y * (rowBytes + 1) + rowBytes)]) == candidate(f), "row \(y)")
            #expect((0..<5).allSatisfy { g in score(candidate(g)) > score(candidate(f)) || (score(candidate(g)) == score(candidate(f)) && g >= f) },
                    "row \(y) took filter \(f)")
        }
    }

    /// The filter kernel's five candidates and sums, byte for byte the PNG specification's
    /// filters, on every instruction set it has here: rows of every length up to 100 bytes
    /// (its 32-byte steps and every tail), random bytes and bytes from a narrow range (where
    /// Paeth's distances tie).
    @Test(arguments: 0...Int(fb_kernels_best_level()))
    func filterKernelMakesEveryCandidate(level: Int) {
        fb_kernels_use_level_on_this_thread(Int32(level))
        defer { fb_kernels_use_level_on_this_thread(-1) }
        var random = SeededRandom(seed: 31)
        for count in 1...100 {
            for (bpp, range) in [(3, 256), (4, 256), (4, 3), (1, 2)] {
                let row = (0..<count).map { _ in UInt8(random.next() % UInt64(range)) }
                let above = (0..<count).map { _ in UInt8(random.next() % UInt64(range)) }
                var candidates = [UInt8](repeating: 0, count: 5 * count), scores = [UInt64](repeating: 0, count: 5)
                fb_png_filter_row(row, above, count, bpp, &candidates, &scores)
                for f in 0..<5 {
                    let expected = Self.filtered(row, above: above, filter: f, bytesPerPixel: bpp)
                    #expect(Array(candidates[(f * count)..<((f + 1) * count)]) == expected, "filter \(f), \(count) bytes, bpp \(bpp)")
                    #expect(scores[f] == UInt64(Self.score(expected)))
                }
            }
        }
    }

    @Test func compressionLevelsTradeSize() throws {
        let image = try Self.card(width: 200, height: 200, opaque: false)
        let stored = try image.encoded(as: .png(compressionLevel: 0)).count
        let best = try image.encoded(as: .png(compressionLevel: 9)).count
        #expect(best < stored)
        #expect(stored > 200 * 200 * 4)
    }

    @Test func writesAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try Self.card(width: 8, height: 8, opaque: true)
        let url = folder.appendingPathComponent("card.png")
        try image.write(to: url)
        #expect(try CGImage.read(contentsOf: url).width == 8)
        #expect(throws: MediaError.self) { try image.write(to: folder.appendingPathComponent("missing/dir/card.png")) }
        #expect(throws: MediaError.self) { try image.write(to: folder.appendingPathComponent("card.tiff")) }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["card.png"], "no temporary or partial files remain: \(leftovers)")
    }
}
