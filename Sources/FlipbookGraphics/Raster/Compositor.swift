import CFlipbookKernels

/// Where a row's source colour comes from: one colour, or a row of shaded pixels.
enum RowSource {
    case solid(PackedPixel)
    case pixels(UnsafePointer<PackedPixel>)
}

/// Composites rows of premultiplied colour into a destination row, weighted by coverage.
///
/// The result of every mode is `d + (B(s, d) − d)·coverage`, so drawing is bounded by the
/// shape. `.normal` and `.clear` take integer fast paths; the other modes run the float
/// formulas.
///
/// Source-over and clear run in the C kernels of `CFlipbookKernels`, which pick the best
/// instruction set of the processor once; every level gives the same bits. The level is
/// shared by all the kernels, image sampling's included.
enum Compositor {
    /// The best instruction set the kernels can use here: 0 the baseline, 1 AVX2.
    static var bestKernelLevel: Int { Int(fb_kernels_best_level()) }

    /// Makes the kernels called from this thread use `level` (at most the best; nil goes
    /// back to the best), so that a test checks each level without touching other threads.
    static func useKernelLevelOnThisThread(_ level: Int?) { fb_kernels_use_level_on_this_thread(Int32(level ?? -1)) }

    static func composite(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int,
                          coverage: UnsafePointer<UInt8>, source: RowSource, mode: CGBlendMode) {
        if mode == .normal {
            switch source {
            case .solid(let s): fb_source_over_solid(dst, coverage, count, s)
            case .pixels(let p): fb_source_over_row(dst, coverage, p, count)
            }
            return
        }
        if mode == .clear {
            fb_clear(dst, coverage, count)
            return
        }
        // The cheap Porter–Duff modes masks and mattes use get loops of their own.
        switch mode {
        case .destinationIn: blendRows(dst, count: count, coverage: coverage, source: source) { s, d in d * s.w }
        case .destinationOut: blendRows(dst, count: count, coverage: coverage, source: source) { s, d in d * (1 - s.w) }
        case .sourceIn: blendRows(dst, count: count, coverage: coverage, source: source) { s, d in s * d.w }
        case .sourceOut: blendRows(dst, count: count, coverage: coverage, source: source) { s, d in s * (1 - d.w) }
        default: blendRows(dst, count: count, coverage: coverage, source: source) { s, d in mode.blend(s, d) }
        }
    }

    /// `d + (blend(s, d) − d)·coverage` along the row, in float.
    @inline(__always)
    private static func blendRows(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, coverage: UnsafePointer<UInt8>,
                                  source: RowSource, _ blend: (Color4, Color4) -> Color4) {
        for i in 0..<count {
            let c = coverage[i]
            if c == 0 { continue }
            let sp: PackedPixel
            switch source {
            case .solid(let s): sp = s
            case .pixels(let p): sp = p[i]
            }
            let s = Color4(packed: sp), d = Color4(packed: dst[i])
            let blended = blend(s, d)
            let k = Float(c) / 255
            dst[i] = (d + (blended - d) * k).packed
        }
    }
}
