import CFlipbookKernels

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
        result.withUnsafeMutableBufferPointer { out in
            for y in r.y0..<r.y1 {
                let row = out.baseAddress! + (y - r.y0) * r.width
                if let coverage {
                    coverage.withUnsafeBufferPointer { mine in
                        row.update(from: mine.baseAddress! + (y - bounds.y0) * bounds.width + r.x0 - bounds.x0, count: r.width)
                    }
                }
                if let other {
                    other.withUnsafeBufferPointer { theirs in
                        fb_multiply_coverage(row, theirs.baseAddress! + (y - rect.y0) * rect.width + r.x0 - rect.x0, r.width)
                    }
                }
            }
        }
        return ClipMask(bounds: r, coverage: result)
    }

    /// Multiplies a coverage row (device row `y`, starting at column `x`) by the clip.
    @inline(__always)
    func apply(y: Int, x: Int, to row: UnsafeMutablePointer<UInt8>, count: Int) {
        guard let coverage else { return }
        coverage.withUnsafeBufferPointer { mask in
            fb_multiply_coverage(row, mask.baseAddress! + (y - bounds.y0) * bounds.width + (x - bounds.x0), count)
        }
    }
}
