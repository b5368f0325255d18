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
        if mode == .clear {
            clear(dst, count: count, coverage: coverage)
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
        var i = 0
        while i < count {
            let c = UInt32(coverage[i])
            if c == 255 {
                // Inside a shape coverage is full for long runs: one colour over all of them.
                let n = fullCoverageRun(coverage + i, count: count - i)
                if opaque {
                    (dst + i).update(repeating: s, count: n)
                } else {
                    sourceOverConstant(dst + i, count: n, s)
                }
                i += n
                continue
            }
            if c != 0 { dst[i] = sourceOver(scalePixel(s, c), dst[i]) }
            i += 1
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

    /// `dst = dst·(1 − coverage)`: runs of full coverage become transparent at once.
    private static func clear(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, coverage: UnsafePointer<UInt8>) {
        var i = 0
        while i < count {
            let c = UInt32(coverage[i])
            if c == 255 {
                let n = fullCoverageRun(coverage + i, count: count - i)
                (dst + i).update(repeating: 0, count: n)
                i += n
                continue
            }
            if c != 0 { dst[i] = scalePixel(dst[i], 255 - c) }
            i += 1
        }
    }

    /// How many of the first `count` coverage values are 255, up to the first that is not.
    static func fullCoverageRun(_ coverage: UnsafePointer<UInt8>, count: Int) -> Int {
        var n = 0
        let raw = UnsafeRawPointer(coverage)
        while n + 8 <= count, raw.loadUnaligned(fromByteOffset: n, as: UInt64.self) == .max { n += 8 }
        while n < count, coverage[n] == 255 { n += 1 }
        return n
    }

    /// `dst = s + dst·(1 − αs)` for a run of pixels under one colour, eight pixels a step.
    /// Red/blue and green/alpha go through 16-bit lanes with `scalePixel`'s rounding, so
    /// results match the scalar path exactly.
    static func sourceOverConstant(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, _ s: PackedPixel) {
        typealias Pixels = SIMD8<UInt32>
        typealias Channels = SIMD16<UInt16>
        let k = Channels(repeating: UInt16(255 - s >> 24)), source = Pixels(repeating: s)
        let mask = Pixels(repeating: 0x00FF_00FF)
        @inline(__always) func scale(_ lanes: Pixels) -> Pixels {
            let t = unsafeBitCast(lanes, to: Channels.self) &* k &+ 128
            return unsafeBitCast((t &+ (t &>> 8)) &>> 8, to: Pixels.self)
        }
        let raw = UnsafeMutableRawPointer(dst)
        var i = 0
        while i + 8 <= count {
            let d = raw.loadUnaligned(fromByteOffset: 4 * i, as: Pixels.self)
            let scaled = scale(d & mask) | scale((d &>> 8) & mask) &<< 8
            raw.storeBytes(of: scaled &+ source, toByteOffset: 4 * i, as: Pixels.self)
            i += 8
        }
        while i < count {
            dst[i] = sourceOver(s, dst[i])
            i += 1
        }
    }
}
