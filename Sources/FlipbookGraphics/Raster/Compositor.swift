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
/// Source-over, clear, the Porter–Duff modes of masks and the separable blend modes run in
/// the C kernels of `CFlipbookKernels`, which pick the best instruction set of the
/// processor once; every level gives the same bits, those of the Swift formulas. The level
/// is shared by all the kernels, image sampling's included.
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
        let blend = { (s: Color4, d: Color4) in mode.blend(s, d) }
        // The cheap Porter–Duff modes masks and mattes use get kernels of their own.
        switch mode {
        case .destinationIn:
            scaleRows(dst, count: count, coverage: coverage, source: source, table: destinationInTable, keeping: 255, clearing: 0, blend)
        case .destinationOut:
            scaleRows(dst, count: count, coverage: coverage, source: source, table: destinationOutTable, keeping: 0, clearing: 255, blend)
        case .sourceIn: byDestinationAlpha(dst, count: count, coverage: coverage, source: source, out: false, blend)
        case .sourceOut: byDestinationAlpha(dst, count: count, coverage: coverage, source: source, out: true, blend)
        case .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
             .difference, .exclusion:
            // The separable modes (a layer composited with a blend mode) in the C kernel,
            // eight pixels at a time by the same float operations.
            switch source {
            case .solid(var colour):
                withUnsafePointer(to: &colour) { fb_blend_separable(dst, coverage, $0, 0, count, mode.rawValue) }
            case .pixels(let p): fb_blend_separable(dst, coverage, p, 1, count, mode.rawValue)
            }
        default: blendRows(dst, count: count, coverage: coverage, source: source, blend)
        }
    }

    /// `d + (blend(s, d) − d)·coverage` along the row, in float.
    @inline(__always)
    private static func blendRows(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, coverage: UnsafePointer<UInt8>,
                                  source: RowSource, _ blend: (Color4, Color4) -> Color4) {
        switch source {
        case .solid(let s):
            for i in 0..<count where coverage[i] != 0 { dst[i] = blendPixel(s, dst[i], coverage: coverage[i], blend) }
        case .pixels(let p):
            for i in 0..<count where coverage[i] != 0 { dst[i] = blendPixel(p[i], dst[i], coverage: coverage[i], blend) }
        }
    }

    /// Source in and out, whose result under full coverage depends on the source and the
    /// destination's alpha alone: `fb_source_by_destination_alpha` works out runs of one
    /// source colour over one destination alpha (an opaque cover over an opaque inside or a
    /// clear outside) once a run, with the float formula's operations; partly covered pixels
    /// take the formula here. The same bits as `blendRows`: with the source and the
    /// destination's alpha whole 255ths, the exact result lies at least 1/510 of a level
    /// from a rounding boundary, far beyond the float error of blending over another colour
    /// of that alpha.
    @inline(__always)
    private static func byDestinationAlpha(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, coverage: UnsafePointer<UInt8>,
                                           source: RowSource, out: Bool, _ blend: (Color4, Color4) -> Color4) {
        fullCoverageRuns(dst, count: count, coverage: coverage, source: source, blend) { i, src, step in
            fb_source_by_destination_alpha(dst + i, coverage + i, src, step, count - i, out ? 1 : 0)
        }
    }

    /// Runs `kernel` along the row — a C loop over fully covered pixels from pixel `i`, its
    /// source from `src`, `step` pixels apart (0: one colour), that returns how far it went
    /// before a partly covered pixel — and works each partly covered pixel out by `blend`.
    @inline(__always)
    private static func fullCoverageRuns(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, coverage: UnsafePointer<UInt8>,
                                         source: RowSource, _ blend: (Color4, Color4) -> Color4,
                                         kernel: (_ i: Int, _ src: UnsafePointer<PackedPixel>, _ step: Int) -> Int) {
        func run(_ src: UnsafePointer<PackedPixel>, step: Int) {
            var i = 0
            while i < count {
                i += kernel(i, src + i * step, step)
                guard i < count else { return }
                dst[i] = blendPixel(src[i * step], dst[i], coverage: coverage[i], blend)
                i += 1
            }
        }
        switch source {
        case .solid(var colour): withUnsafePointer(to: &colour) { run($0, step: 0) }
        case .pixels(let p): run(p, step: 1)
        }
    }

    /// A mode that scales the destination by a function of the source's alpha (destination
    /// in and out): at full coverage `fb_scale_by_alpha` looks each channel up in a table
    /// made by the very float operations `blendPixel` does, so that the bits are the same;
    /// at partial coverage `blend`. The source alphas that keep the destination (`keeping`)
    /// or clear it (`clearing`), a mask's usual values, skip the lookups.
    @inline(__always)
    private static func scaleRows(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, coverage: UnsafePointer<UInt8>,
                                  source: RowSource, table: [UInt8], keeping: PackedPixel, clearing: PackedPixel,
                                  _ blend: (Color4, Color4) -> Color4) {
        table.withUnsafeBufferPointer { table in
            fullCoverageRuns(dst, count: count, coverage: coverage, source: source, blend) { i, src, step in
                fb_scale_by_alpha(dst + i, coverage + i, src, step, count - i, table.baseAddress!, keeping, clearing)
            }
        }
    }

    /// Destination in and out at full coverage, by source alpha (rows) and destination
    /// channel (columns).
    private static let destinationInTable = scalingTable(.destinationIn)
    private static let destinationOutTable = scalingTable(.destinationOut)

    private static func scalingTable(_ mode: CGBlendMode) -> [UInt8] {
        (0..<256 * 256).map { index in
            let alpha = PackedPixel(index / 256), channel = PackedPixel(index % 256)
            // The channel in every lane, then the red lane (alpha is clamped to itself).
            let result = blendPixel(alpha << 24, channel | channel << 8 | channel << 16 | channel << 24, coverage: 255) { mode.blend($0, $1) }
            return UInt8(result & 0xFF)
        }
    }

    /// One pixel of `d + (blend(s, d) − d)·coverage`, in float.
    @inline(__always)
    private static func blendPixel(_ source: PackedPixel, _ destination: PackedPixel, coverage c: UInt8,
                                   _ blend: (Color4, Color4) -> Color4) -> PackedPixel {
        let s = Color4(packed: source), d = Color4(packed: destination)
        let blended = blend(s, d)
        let k = Float(c) / 255
        return (d + (blended - d) * k).packed
    }
}
