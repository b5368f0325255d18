/// The clip region in device pixels: a pixel rectangle, optionally with per-pixel coverage.
final class ClipMask: Sendable {
    /// Pixels outside this rectangle are clipped away.
    let bounds: IntRect
    /// Coverage inside `bounds`, row by row (`bounds.width` a row); `nil` means fully open.
    let coverage: [UInt8]?

    init(bounds: IntRect, coverage: [UInt8]? = nil) {
        self.bounds = bounds
        self.coverage = coverage
    }

    /// The intersection of this clip with a coverage mask over `rect`.
    func intersecting(rect: IntRect, coverage other: [UInt8]?) -> ClipMask {
        let r = bounds.intersection(rect)
        guard !r.isEmpty else { return ClipMask(bounds: r) }
        if coverage == nil && other == nil { return ClipMask(bounds: r) }
        var result = [UInt8](repeating: 255, count: r.width * r.height)
        for y in r.y0..<r.y1 {
            for x in r.x0..<r.x1 {
                var c: UInt32 = 255
                if let mine = coverage { c = UInt32(mine[(y - bounds.y0) * bounds.width + x - bounds.x0]) }
                if let theirs = other { c = mul255(c, UInt32(theirs[(y - rect.y0) * rect.width + x - rect.x0])) }
                result[(y - r.y0) * r.width + x - r.x0] = UInt8(c)
            }
        }
        return ClipMask(bounds: r, coverage: result)
    }

    /// Multiplies a coverage row (device row `y`, starting at column `x`) by the clip.
    @inline(__always)
    func apply(y: Int, x: Int, to row: UnsafeMutablePointer<UInt8>, count: Int) {
        guard let coverage else { return }
        coverage.withUnsafeBufferPointer { mask in
            let line = mask.baseAddress! + (y - bounds.y0) * bounds.width + (x - bounds.x0)
            for i in 0..<count where row[i] != 0 {
                row[i] = UInt8(mul255(UInt32(row[i]), UInt32(line[i])))
            }
        }
    }
}
