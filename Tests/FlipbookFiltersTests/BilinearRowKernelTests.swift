@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Testing

/// `fb_bilinear_row_linear`, bilinear samples along one row of pixel centres from that row
/// decoded once, against the rule as `PixelGrid.bilinear` writes it (texels through
/// `LinearLight.pixel`, clear off the image): the same floats, on every instruction set the
/// kernels have here, at fractions, on centres, off both ends and more than a pixel off;
/// and it declines (returning 0) whatever is not such a row.
@Suite struct BilinearRowKernelTests {
    static let width = 37, height = 5

    /// A picture of random opaque pixels; `translucent` makes one pixel of row 2 half clear.
    static func picture(translucent: Bool = false) -> [UInt8] {
        var random = SeededRandom(seed: 11)
        var bytes = (0..<(width * height)).flatMap { _ in [UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256), 255] }
        if translucent { bytes[4 * (2 * width + 20) ..< 4 * (2 * width + 21)] = [40, 30, 20, 128] }
        return bytes
    }

    /// The rule: each point's four texels weighed by its fractions.
    static func expected(_ bytes: [UInt8], _ points: [SIMD2<Double>]) -> [SIMD4<Float>] {
        points.map { p in
            PixelGrid.bilinear(p.x - 0.5, Double(height) - p.y - 0.5, width: width, height: height) { c, r in
                guard c >= 0, c < width, r >= 0, r < height else { return .zero }
                let i = 4 * (r * width + c)
                return LinearLight.pixel(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
            }
        }
    }

    static func sample(_ bytes: [UInt8], _ points: [SIMD2<Double>]) -> (written: Int, values: [SIMD4<Float>]) {
        var out = [SIMD4<Float>](repeating: SIMD4(repeating: .nan), count: points.count)
        let written = out.withUnsafeMutableBufferPointer { out in
            points.withUnsafeBufferPointer { points in
                fb_bilinear_row_linear(out.baseAddress!.scalars, bytes, width, height, points.baseAddress!.scalars, points.count,
                                       LinearLight.decodeValues)
            }
        }
        return (written, out)
    }

    @Test(arguments: 0...Int(fb_kernels_best_level()))
    func samplesAlongARowAsTheRuleSays(level: Int) {
        fb_kernels_use_level_on_this_thread(Int32(level))
        defer { fb_kernels_use_level_on_this_thread(-1) }
        let bytes = Self.picture()
        // Rows 0 and 4 (the picture's edges) and 2, at y = 4.5, 0.5 and 2.5 up from the bottom.
        for y in [4.5, 0.5, 2.5] {
            // Fractions going both ways, pixel centres, both ends and beyond them.
            let xs = [0.5, 1.0, 3.75, 3.25, 2.9, 10.5, 36.5, 36.9, 37.4, 38.6, -0.3, -0.6, -2, 0.1, 20.001, 19.999, 36.0, 5.5, 5.5]
            for count in [1, 2, xs.count] {
                let points = xs.prefix(count).map { SIMD2($0, y) }
                let (written, values) = Self.sample(bytes, points)
                #expect(written == points.count, "y \(y), \(count) points")
                let want = Self.expected(bytes, points)
                #expect(values.elementsEqual(want) { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern
                    && $0.z.bitPattern == $1.z.bitPattern && $0.w.bitPattern == $1.w.bitPattern }, "level \(level), y \(y), \(count) points")
            }
        }
    }

    /// Points off one row of centres, a translucent texel among those read, a row off the
    /// picture, points sparse over their texels: all left to the general kernel.
    @Test func declinesWhatIsNotOneOpaqueRow() {
        let bytes = Self.picture()
        #expect(Self.sample(bytes, [SIMD2(3.5, 2.5), SIMD2(4.5, 1.5)]).written == 0)  // two rows
        #expect(Self.sample(bytes, [SIMD2(3.5, 2.25)]).written == 0)  // between centres
        #expect(Self.sample(bytes, [SIMD2(3.5, 5.5)]).written == 0)  // above the picture
        #expect(Self.sample(bytes, [SIMD2(3.5, 2.5), SIMD2(.nan, 2.5)]).written == 0)
        #expect(Self.sample(bytes, [SIMD2(1.5, 2.5), SIMD2(35.5, 2.5)]).written == 0)  // sparse: 2 points over 35 texels
        let translucent = Self.picture(translucent: true)
        #expect(Self.sample(translucent, [SIMD2(19.7, 2.5), SIMD2(20.5, 2.5)]).written == 0)
        #expect(Self.sample(translucent, [SIMD2(10.7, 2.5), SIMD2(11.5, 2.5)]).written == 2)  // row 2, clear of it
    }
}
