import CFlipbookKernels
import Testing

/// `fb_encode_opaque`, the 8-bit encoding of opaque linear pixels, on every instruction set
/// the kernels have here: each channel clamped to 0…1 (NaN as 0) indexes the table at
/// ⌊v · 65535 + ½⌋, alpha is 255, and it stops at the first pixel that is not opaque —
/// odd and even counts, so both its two-pixel steps and its tail are taken.
@Suite struct EncodeKernelTests {
    @Test(arguments: 0...Int(fb_kernels_best_level()))
    func encodesAsTheTableSays(level: Int) {
        fb_kernels_set_level(Int32(level))
        defer { fb_kernels_set_level(fb_kernels_best_level()) }
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
}
