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
        // Within an open clip, a mask over the whole intersection is the result as it is.
        if coverage == nil, r == rect { return ClipMask(bounds: r, coverage: other) }
        // Each row is this clip's coverage or the other's, times the other's when both have one.
        let result = [UInt8](unsafeUninitializedCapacity: r.width * r.height) { out, initialized in
            (coverage ?? []).withUnsafeBufferPointer { mine in
                (other ?? []).withUnsafeBufferPointer { theirs in
                    for y in r.y0..<r.y1 {
                        let row = out.baseAddress! + (y - r.y0) * r.width
                        let first = coverage == nil ? nil : mine.baseAddress! + (y - bounds.y0) * bounds.width + r.x0 - bounds.x0
                        let second = other == nil ? nil : theirs.baseAddress! + (y - rect.y0) * rect.width + r.x0 - rect.x0
                        if let first {
                            row.initialize(from: first, count: r.width)
                            if let second { fb_multiply_coverage(row, second, r.width) }
                        } else if let second {
                            row.initialize(from: second, count: r.width)
                        }
                    }
                }
            }
            initialized = r.width * r.height
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
