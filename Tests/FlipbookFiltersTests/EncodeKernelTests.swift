@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Testing

/// `fb_encode_opaque`, the 8-bit encoding of opaque linear pixels, on every instruction set
/// the kernels have here: each channel clamped to 0…1 (NaN as 0) indexes the table at
/// ⌊v · 65535 + ½⌋, alpha is 255, and it stops at the first pixel that is not opaque —
/// odd and even counts, so both its two-pixel steps and its tail are taken.
@Suite struct EncodeKernelTests {
    @Test(arguments: 0...Int(fb_kernels_best_level()))
    func encodesAsTheTableSays(level: Int) {
        fb_kernels_use_level_on_this_thread(Int32(level))
        defer { fb_kernels_use_level_on_this_thread(-1) }
        // A table whose every entry differs from its neighbours' (the index's low byte).
        let table = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let channels: [Float] = [0, 1, 0.5, -0.25, 1.5, .nan, 1e-5, 0.999_99, 0.214, .infinity, -.infinity, 0.73]
        func expected(_ v: Float) -> UInt8 {
            let clamped = v.isNaN ? 0 : min(max(v, 0), 1)
            return table[Int(clamped * 65535 + 0.5)]
        }
        for count in [1, 2, 3, 4, 7] {
            var pixels: [Float] = []
            for i in 0..<count { pixels += [channels[(3 * i) % 12], channels[(3 * i + 1) % 12], channels[(3 * i + 2) % 12], i == 5 ? 0.5 : 1] }
            var out = [UInt8](repeating: 0, count: 4 * count)
            let written = fb_encode_opaque(&out, pixels, count, table)
            let opaque = min(count, 5)
            #expect(written == opaque, "\(count) pixels: wrote \(written)")
            for i in 0..<opaque {
                let want = (0..<3).map { expected(pixels[4 * i + $0]) } + [255]
                #expect(Array(out[(4 * i)..<(4 * i + 4)]) == want, "level \(level), pixel \(i) of \(count)")
            }
        }
    }

    /// `fb_encode_translucent` against the sRGB formula itself: alpha a = round(α · 255),
    /// each channel round(encoded(v / (a / 255)) · a). It writes every pixel not within
    /// 0.02 of halfway between codes, stops at those (the formula's) and at opaque ones,
    /// and agrees with `LinearLight.bytes` everywhere it writes — alpha 254.5/255 and up
    /// is opaque, stored through the table.
    @Test(arguments: 0...Int(fb_kernels_best_level()))
    func encodesTranslucentPixelsAsTheFormula(level: Int) {
        fb_kernels_use_level_on_this_thread(Int32(level))
        defer { fb_kernels_use_level_on_this_thread(-1) }
        var written = 0, stops = 0
        for alphaStep in 0...40 {
            let alpha = Float(alphaStep) / 40 * 0.998  // up to 0.998: below opaque's 254.5 / 255
            let pixels: [Float] = (0..<997).flatMap { i -> [Float] in
                let v = Float(i) / 996 * alpha
                return [v, v * 0.5, min(v * 1.3, alpha), alpha]
            }
            var out = [UInt8](repeating: 7, count: pixels.count)
            var i = 0
            while i < 997 {
                let done = fb_encode_translucent(&out[4 * i], Array(pixels[(4 * i)...]), 997 - i, LinearLight.encodeCurveValues)
                written += done
                for k in i..<(i + done) {
                    let p = SIMD4(pixels[4 * k], pixels[4 * k + 1], pixels[4 * k + 2], pixels[4 * k + 3])
                    let a = (Double(p.w) * 255).rounded()
                    let want: [UInt8] = a == 0 ? [0, 0, 0, 0] : (0..<3).map { c in
                        UInt8((SRGBTransfer.encoded(min(max(Double(p[c]) / (a / 255), 0), 1)) * a).rounded())
                    } + [UInt8(a)]
                    #expect(Array(out[(4 * k)..<(4 * k + 4)]) == want, "alpha \(alpha), pixel \(k)")
                    let (r, g, b, stored) = LinearLight.bytes(p)
                    #expect([r, g, b, stored] == want)
                }
                i += done
                if i < 997 { stops += 1; i += 1 }  // halfway: the formula's
            }
        }
        // About one pixel in eight has a channel that near halfway.
        #expect(written > 35_000 && stops > 0 && stops < 6000, "wrote \(written), stopped \(stops) times")
        // Opaque once stored: the translucent kernel stops, the opaque one takes it.
        let opaque: [Float] = [0.2, 0.4, 0.6, 254.6 / 255]
        var out = [UInt8](repeating: 0, count: 4)
        #expect(fb_encode_translucent(&out, opaque, 1, LinearLight.encodeCurveValues) == 0)
        #expect(fb_encode_opaque(&out, opaque, 1, LinearLight.encodeCodes) == 1 && out[3] == 255)
        let (r, g, b, a) = LinearLight.bytes(SIMD4(opaque[0], opaque[1], opaque[2], opaque[3]))
        #expect([r, g, b, a] == out)
    }
}
