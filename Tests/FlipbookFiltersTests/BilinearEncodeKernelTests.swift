@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Testing

/// `fb_bilinear_encode`, sampling, dimming and encoding in one step, against the three steps
/// one after the other as Swift writes them (`PixelGrid.bilinear` over `LinearLight.pixel`,
/// the colour times the dim, `LinearLight.bytes`): the same bytes on every instruction set
/// the kernels have here, along rows of pixel centres (texels decoded once) and anywhere
/// else; and it stops at the first point whose texels are off the picture or not opaque.
@Suite struct BilinearEncodeKernelTests {
    static let width = BilinearRowKernelTests.width, height = BilinearRowKernelTests.height

    /// The three steps one after the other.
    static func expected(_ bytes: [UInt8], _ points: [SIMD2<Double>], dim: Float) -> [UInt8] {
        BilinearRowKernelTests.expected(bytes, points).flatMap { value in
            let (r, g, b, a) = LinearLight.bytes(value * SIMD4(dim, dim, dim, 1))
            return [r, g, b, a]
        }
    }

    static func encode(_ bytes: [UInt8], _ points: [SIMD2<Double>], dim: Float) -> (written: Int, bytes: [UInt8]) {
        var out = [UInt8](repeating: 7, count: 4 * points.count)
        let written = bytes.withUnsafeBufferPointer { bytes in
            points.withUnsafeBufferPointer { points in
                fb_bilinear_encode(&out, fb_picture(pixels: bytes.baseAddress, width: width, height: height), points.baseAddress!.scalars,
                                   points.count, dim, LinearLight.decodeValues, LinearLight.encodeCodes)
            }
        }
        return (written, out)
    }

    @Test(arguments: 0...Int(fb_kernels_best_level()))
    func encodesAsTheThreeStepsDo(level: Int) {
        fb_kernels_use_level_on_this_thread(Int32(level))
        defer { fb_kernels_use_level_on_this_thread(-1) }
        let bytes = BilinearRowKernelTests.picture()
        var random = SeededRandom(seed: 5)
        // A row of centres both ways (a turned page's back), and points anywhere inside.
        let row = [3.75, 3.25, 2.9, 10.5, 35.5, 36.0, 20.001, 19.999, 0.5, 5.5].map { SIMD2($0, 2.5) }
        let anywhere = (0..<200).map { _ in
            SIMD2(0.5 + Double(random.next() % 36_000) / 1000, 0.5 + Double(random.next() % 4_000) / 1000)
        }
        for points in [row, anywhere] {
            for dim: Float in [1, 0.75] {
                let (written, out) = Self.encode(bytes, points, dim: dim)
                #expect(written == points.count, "level \(level), dim \(dim)")
                #expect(out == Self.expected(bytes, points, dim: dim), "level \(level), dim \(dim)")
            }
        }
    }

    /// A point reading a texel off the picture or a translucent one ends what it writes:
    /// those are the caller's to render.
    @Test func stopsAtTexelsItCannotTake() {
        let bytes = BilinearRowKernelTests.picture(), translucent = BilinearRowKernelTests.picture(translucent: true)
        let inside = [SIMD2(3.3, 2.5), SIMD2(7.25, 1.75)]
        for off in [SIMD2(0.2, 2.5), SIMD2(36.7, 2.5), SIMD2(9.5, 4.9), SIMD2(9.5, 0.2), SIMD2(-40, 2), SIMD2(.nan, 2)] {
            #expect(Self.encode(bytes, inside + [off] + inside, dim: 1).written == 2, "\(off)")
        }
        // Row 2 of the picture (y 2.5) has a half-clear pixel at column 20.
        #expect(Self.encode(translucent, inside + [SIMD2(20.25, 2.5)], dim: 1).written == 2)
        #expect(Self.encode(translucent, [SIMD2(19.6, 2.5), SIMD2(18.5, 2.5)], dim: 1).written == 0)
        #expect(Self.encode(translucent, [SIMD2(18.5, 2.5), SIMD2(19.6, 2.5)], dim: 1).written == 1)  // not decoded as a row
        #expect(Self.encode(translucent, [SIMD2(18.5, 2.7), SIMD2(19.6, 2.9)], dim: 1).written == 1)
    }
}
