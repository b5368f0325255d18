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
        let source = PixelLanes(repeating: s)
        let raw = UnsafeMutableRawPointer(dst)
        var i = 0
        while i < count {
            if coverage[i] == 255 {
                // Inside a shape coverage is full for long runs: one colour over all of them.
                let n = fullCoverageRun(coverage + i, count: count - i)
                if opaque {
                    (dst + i).update(repeating: s, count: n)
                } else {
                    sourceOverConstant(dst + i, count: n, s)
                }
                i += n
            } else if i + 8 <= count {
                let c = PixelLanes.coverage(coverage + i)
                if c != .zero {
                    let d = raw.loadUnaligned(fromByteOffset: 4 * i, as: PixelLanes.self)
                    raw.storeBytes(of: source.scaled(by: c).over(d), toByteOffset: 4 * i, as: PixelLanes.self)
                }
                i += 8
            } else {
                let c = UInt32(coverage[i])
                if c != 0 { dst[i] = sourceOver(scalePixel(s, c), dst[i]) }
                i += 1
            }
        }
    }

    private static func sourceOverRow(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int,
                                      coverage: UnsafePointer<UInt8>, _ src: UnsafePointer<PackedPixel>) {
        let raw = UnsafeMutableRawPointer(dst), source = UnsafeRawPointer(src)
        let opaque = PixelLanes(repeating: 0xFF00_0000)
        var i = 0
        while i + 8 <= count {
            let c = PixelLanes.coverage(coverage + i)
            if c != .zero {
                var s = source.loadUnaligned(fromByteOffset: 4 * i, as: PixelLanes.self)
                if c != PixelLanes(repeating: 255) { s = s.scaled(by: c) }
                if s & opaque != opaque {
                    s = s.over(raw.loadUnaligned(fromByteOffset: 4 * i, as: PixelLanes.self))
                }
                raw.storeBytes(of: s, toByteOffset: 4 * i, as: PixelLanes.self)
            }
            i += 8
        }
        while i < count {
            let c = UInt32(coverage[i])
            if c != 0 {
                let s = c == 255 ? src[i] : scalePixel(src[i], c)
                dst[i] = s >> 24 == 255 ? s : sourceOver(s, dst[i])
            }
            i += 1
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
    static func sourceOverConstant(_ dst: UnsafeMutablePointer<PackedPixel>, count: Int, _ s: PackedPixel) {
        let source = PixelLanes(repeating: s), keep = PixelLanes(repeating: 255 - s >> 24)
        let raw = UnsafeMutableRawPointer(dst)
        var i = 0
        while i + 8 <= count {
            let d = raw.loadUnaligned(fromByteOffset: 4 * i, as: PixelLanes.self)
            raw.storeBytes(of: d.scaled(by: keep) &+ source, toByteOffset: 4 * i, as: PixelLanes.self)
            i += 8
        }
        while i < count {
            dst[i] = sourceOver(s, dst[i])
            i += 1
        }
    }
}
