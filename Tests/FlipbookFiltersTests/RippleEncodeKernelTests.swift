@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Testing

/// `fb_ripple_encode`, the ripple straight from two pictures' bytes, against its parts one
/// after the other (`fb_ripple_bend`, then each flat pixel's own bytes and each bent
/// point through `fb_bilinear_encode`): the same bytes on every instruction set the kernels
/// have here, over pictures of different sizes and rows reaching past them; and it stops
/// where a pixel lies off its picture or reads a translucent texel.
@Suite struct RippleEncodeKernelTests {
    /// Width 80 (quarter 20), scale 12, crest at 70 from (60, 45), bent points kept in the
    /// 120 × 90 box.
    private let swell = fb_ripple(center_x: 60, center_y: 45, crest: 70, quarter: 20, scale: 12,
                                  near2: 20 * 20, crest2: 70 * 70, far2: 160 * 160,
                                  low_x: 0.5, low_y: 0.5, high_x: 119.5, high_y: 89.5,
                                  middle_x: 0, middle_y: 0, half_x: 0, half_y: 0)

    /// Random opaque pixels; `hole` makes one pixel half clear.
    private static func picture(_ width: Int, _ height: Int, seed: UInt64, hole: (Int, Int)? = nil) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bytes = (0..<(width * height)).flatMap { _ in [UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256), 255] }
        if let (x, y) = hole { bytes[4 * (y * width + x) ..< 4 * (y * width + x + 1)] = [40, 30, 20, 128] }
        return bytes
    }

    /// The kernel over a row, and the row by its parts.
    private func encode(_ pictures: [(bytes: [UInt8], width: Int, height: Int)], column: Int, row: Int, count: Int)
        -> (written: Int, bytes: [UInt8], parts: [UInt8]) {
        var out = [UInt8](repeating: 7, count: 4 * count), parts = out
        let pointers = pictures.map { picture in
            let base = UnsafeMutablePointer<UInt8>.allocate(capacity: picture.bytes.count)
            base.initialize(from: picture.bytes, count: picture.bytes.count)
            return fb_picture(pixels: base, width: picture.width, height: picture.height)
        }
        defer { for picture in pointers { UnsafeMutablePointer(mutating: picture.pixels!).deallocate() } }
        let written = withUnsafePointer(to: swell) { wave in
            fb_ripple_encode(&out, wave, column, row, count, pointers[0], pointers[1], LinearLight.decodeValues, LinearLight.encodeCodes)
        }
        // The parts: each pixel bent, then its own bytes or its bent point encoded.
        let centres = (0..<count).map { SIMD2(Double(column + $0) + 0.5, Double(row) + 0.5) }
        var places = [Float](repeating: 0, count: count), bent = centres
        withUnsafePointer(to: swell) { fb_ripple_bend($0, centres.withUnsafeBufferPointer { $0.baseAddress!.scalars }, count, &places,
                                                       bent.withUnsafeMutableBufferPointer { $0.baseAddress!.scalars }, nil) }
        for i in 0..<count {
            let picture = pointers[Int(places[i]) & 1]
            if places[i] < 2 {
                let c = column + i, r = picture.height - 1 - row
                for k in 0..<4 { parts[4 * i + k] = picture.pixels![4 * (r * picture.width + c) + k] }
            } else {
                _ = parts.withUnsafeMutableBufferPointer { out in
                    withUnsafePointer(to: bent[i]) {
                        fb_bilinear_encode(out.baseAddress! + 4 * i, picture, $0.scalars, 1, 1,
                                           LinearLight.decodeValues, LinearLight.encodeCodes)
                    }
                }
            }
        }
        return (written, out, parts)
    }

    @Test(arguments: 0...Int(fb_kernels_best_level()))
    func encodesAsItsPartsDo(level: Int) {
        fb_kernels_use_level_on_this_thread(Int32(level))
        defer { fb_kernels_use_level_on_this_thread(-1) }
        let pictures = [(Self.picture(120, 90, seed: 3), 120, 90), (Self.picture(121, 93, seed: 4), 121, 93)]
        var places = Set<Int>()
        for row in stride(from: 0, to: 90, by: 7) {
            for (column, count) in [(0, 120), (13, 50), (100, 3)] {
                let (written, bytes, parts) = encode(pictures, column: column, row: row, count: count)
                #expect(written == count, "level \(level), row \(row)")
                #expect(bytes == parts, "level \(level), row \(row), from \(column)")
                for x in column..<column + count {
                    let dx = Double(x) + 0.5 - 60, dy = Double(row) + 0.5 - 45, r = (dx * dx + dy * dy).squareRoot()
                    places.insert(r < 20 || r > 160 ? 0 : 2)
                }
            }
        }
        // Flat ground and swell both met.
        #expect(places == [0, 2])
    }

    /// Flat ground off its picture stops the kernel (the swell's points are kept in the
    /// box, on the pictures); so does a translucent texel the swell reads.
    @Test func stopsWhereItCannotGo() {
        let pictures = [(Self.picture(120, 90, seed: 3), 120, 90), (Self.picture(121, 93, seed: 4), 121, 93)]
        #expect(encode(pictures, column: 110, row: 40, count: 20).written == 20)  // the swell, its points in the box
        #expect(encode(pictures, column: 225, row: 40, count: 10).written == 0)  // flat ground right of the source
        #expect(encode(pictures, column: -200, row: 40, count: 10).written == 0)
        #expect(encode(pictures, column: 0, row: 300, count: 20).written == 0)
        // A half-clear pixel at column 112 of the target's row 43 from the top, which the swell
        // inside the crest reads (pushed 12 px outwards) at pixel 100 of row 48.
        let holed = [pictures[0], (Self.picture(121, 93, seed: 4, hole: (112, 43)), 121, 93)]
        let (written, _, _) = encode(holed, column: 0, row: 48, count: 120)
        #expect((95...100).contains(written))
        #expect(encode(holed, column: 0, row: 20, count: 120).written == 120)
    }
}
