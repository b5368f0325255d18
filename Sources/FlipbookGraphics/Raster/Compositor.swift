/// Where a row's source colour comes from: one colour, or a row of shaded pixels.
enum RowSource {
    case solid(PackedPixel)
    case pixels(UnsafePointer<PackedPixel>)
}

/// Composites rows of premultiplied colour into a destination row, weighted by coverage.
///
/// The result of every mode is `d + (B(s, d) − d)·coverage`, so drawing is bounded by the
/// shape. `.normal` takes an integer fast path; the other modes run the float formulas.
enum Compositor {
    static func composite(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int,
                          coverage: UnsafePointer<UInt8>, source: RowSource, mode: CGBlendMode) {
        if mode == .normal {
            switch source {
            case .solid(let s): sourceOverSolid(dst, count: count, coverage: coverage, s)
            case .pixels(let p): sourceOverRow(dst, count: count, coverage: coverage, p)
            }
            return
        }
        for i in 0..<count {
            let c = coverage[i]
            if c == 0 { continue }
            let sp: PackedPixel
            switch source {
            case .solid(let s): sp = s
            case .pixels(let p): sp = p[i]
            }
            let s = Color4(packed: sp), d = Color4(packed: dst[i])
            let blended = mode.blend(s, d)
            let k = Float(c) / 255
            dst[i] = (d + (blended - d) * k).packed
        }
    }

    private static func sourceOverSolid(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int,
                                        coverage: UnsafePointer<UInt8>, _ s: PackedPixel) {
        let opaque = s >> 24 == 255
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            if c == 255 {
                dst[i] = opaque ? s : sourceOver(s, dst[i])
            } else {
                dst[i] = sourceOver(scalePixel(s, c), dst[i])
            }
        }
    }

    private static func sourceOverRow(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int,
                                      coverage: UnsafePointer<UInt8>, _ src: UnsafePointer<PackedPixel>) {
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            let s = c == 255 ? src[i] : scalePixel(src[i], c)
            let sa = s >> 24
            if sa == 255 { dst[i] = s } else if sa != 0 || s != 0 { dst[i] = sourceOver(s, dst[i]) }
        }
    }
}
