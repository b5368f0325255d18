/// Turns edges into exact-area anti-aliased coverage, one row at a time.
///
/// Each edge adds its signed area to an accumulation buffer (per pixel: the area to the
/// pixel's right that the edge's winding changes). A running sum along a row then gives the
/// winding-weighted coverage of each pixel, which the fill rule folds into 0…1: `min(|w|, 1)`
/// for non-zero and the distance to the nearest even number for even-odd. For any
/// non-self-overlapping shape the summed coverage equals the shape's area exactly.
///
/// A bitmap marks the 16-pixel chunks of each row that edges touched. The row pass visits
/// only those; between them the running sum, and so the coverage, is constant. Both the
/// accumulation buffer and the bitmap are left zeroed by the row pass, ready for the next fill.
final class CoverageRasterizer {
    private var storage = Accumulation(capacity: 0, bitmapWords: 0)

    deinit { storage.deallocate() }

    /// One row of coverage: `y` in device space, `x` the device column of `coverage[0]`.
    typealias RowSink = (_ y: Int, _ x: Int, _ coverage: UnsafeMutableBufferPointer<UInt8>) -> Void

    /// Rasterizes `edges` (device space, implicitly forming closed outlines) inside `region`
    /// and hands each non-empty row to `sink`. Rows may be handed out concurrently (distinct
    /// rows only) when `threads > 1`.
    func fill(_ edges: [Edge], rule: CGPathFillRule, region: IntRect, antialias: Bool,
              threads: Int, sink: RowSink) {
        guard !region.isEmpty, !edges.isEmpty else { return }
        let grid = AccumulationGrid(width: region.width, height: region.height)
        if grid.cellCount > storage.capacity || grid.bitmapWords > storage.bitmapWords {
            storage.deallocate()
            storage = Accumulation(capacity: max(grid.cellCount, storage.capacity),
                                   bitmapWords: max(grid.bitmapWords, storage.bitmapWords))
        }
        let ox = Float(region.x0), oy = Float(region.y0)
        for e in edges {
            grid.addClipped(e.x0 - ox, e.y0 - oy, e.x1 - ox, e.y1 - oy, into: storage)
        }
        grid.emitRows(from: storage, region: region, rule: rule, antialias: antialias, threads: threads, sink: sink)
    }
}

/// The rasterizer's zeroed working memory: accumulated areas and the touched-chunk bitmap.
private struct Accumulation: @unchecked Sendable {
    let cells: UnsafeMutablePointer<Float>
    let bitmap: UnsafeMutablePointer<UInt64>
    let capacity: Int
    let bitmapWords: Int

    init(capacity: Int, bitmapWords: Int) {
        self.capacity = capacity
        self.bitmapWords = bitmapWords
        cells = .allocate(capacity: max(capacity, 1))
        cells.initialize(repeating: 0, count: max(capacity, 1))
        bitmap = .allocate(capacity: max(bitmapWords, 1))
        bitmap.initialize(repeating: 0, count: max(bitmapWords, 1))
    }

    func deallocate() {
        cells.deallocate()
        bitmap.deallocate()
    }
}

/// The layout of one fill's region in the accumulation buffer.
private struct AccumulationGrid {
    static let chunkShift = 4
    static let chunkSize = 1 << chunkShift

    let width: Int
    let height: Int
    /// Cells per row: the width plus two, for the area an edge carries past its last pixel.
    let stride: Int
    let wordsPerRow: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        wordsPerRow = ((stride + Self.chunkSize - 1) >> Self.chunkShift + 63) / 64
    }

    var cellCount: Int { stride * height }
    var bitmapWords: Int { wordsPerRow * height }

    /// Splits a line where it leaves 0…width horizontally: parts outside are replaced by
    /// vertical lines on the border, which carry the same winding to the pixels inside.
    func addClipped(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, into memory: Accumulation) {
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let w = Float(width)
        if x0 >= 0, x1 >= 0, x0 <= w, x1 <= w { return addLine(x0, y0, x1, y1, into: memory) }
        // Parameters where the line crosses the borders, in order along the line.
        var ta: Float = 2, tb: Float = 2
        if (x0 < 0) != (x1 < 0) { ta = -x0 / (x1 - x0) }
        if (x0 < w) != (x1 < w) { tb = (w - x0) / (x1 - x0) }
        if ta > tb { swap(&ta, &tb) }
        var t0: Float = 0
        for t1 in [ta, tb, 1] where t1 <= 1 && t1 > t0 {
            let ya = y0 + (y1 - y0) * t0, yb = y0 + (y1 - y0) * t1
            let mid = x0 + (x1 - x0) * (t0 + t1) / 2
            if mid <= 0 {
                addLine(0, ya, 0, yb, into: memory)
            } else if mid >= w {
                addLine(w, ya, w, yb, into: memory)
            } else {
                addLine(min(max(x0 + (x1 - x0) * t0, 0), w), ya, min(max(x0 + (x1 - x0) * t1, 0), w), yb,
                        into: memory)
            }
            t0 = t1
        }
    }

    /// Accumulates one line lying within 0…width horizontally.
    private func addLine(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, into memory: Accumulation) {
        guard ay != by else { return }
        let direction: Float = ay < by ? 1 : -1
        var (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        let h = Float(height), w = Float(width)
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 -= y0 * dxdy; y0 = 0 }
        if y1 > h { x1 -= (y1 - h) * dxdy; y1 = h }
        // Every x below stays in 0…width, so truncation is floor: baseline x86-64 has no
        // rounding instruction, and `rounded(.down)` would be a library call a row.
        var x = min(max(x0, 0), w)
        let rowStart = Int(y0)
        let rowEnd = min(Self.ceiling(y1), height)
        guard rowStart < rowEnd else { return }
        for row in rowStart..<rowEnd {
            let line = memory.cells + row * stride
            let top = max(Float(row), y0), bottom = min(Float(row + 1), y1)
            let dy = bottom - top
            if dy <= 0 { continue }
            let xNext = min(max(x + dxdy * dy, 0), w)
            let d = dy * direction
            let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
            let xli = Int(xl)
            let xlFloor = Float(xli)
            let xrCeil = Float(Self.ceiling(xr))
            let xri = max(Int(xrCeil), xli + 1)
            if xri <= xli + 1 {
                let xm = 0.5 * (x + xNext) - xlFloor
                line[xli] += d - d * xm
                line[xli + 1] += d * xm
            } else {
                let s = 1 / (xr - xl)
                let xlf = xl - xlFloor
                let a0 = 0.5 * s * (1 - xlf) * (1 - xlf)
                let xrf = xr - xrCeil + 1
                let am = 0.5 * s * xrf * xrf
                line[xli] += d * a0
                if xri == xli + 2 {
                    line[xli + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - xlf)
                    line[xli + 1] += d * (a1 - a0)
                    if xli + 2 < xri - 1 {
                        for xi in (xli + 2)..<(xri - 1) { line[xi] += d * s }
                    }
                    let a2 = a1 + Float(xri - xli - 3) * s
                    line[xri - 1] += d * (1 - a2 - am)
                }
                line[xri] += d * am
            }
            let bits = memory.bitmap + row * wordsPerRow
            for chunk in (xli >> Self.chunkShift)...(xri >> Self.chunkShift) {
                bits[chunk >> 6] |= 1 << UInt64(chunk & 63)
            }
            x = xNext
        }
    }

    /// The smallest integer at or above `value` (0 or more).
    @inline(__always) private static func ceiling(_ value: Float) -> Int {
        let i = Int(value)
        return Float(i) < value ? i + 1 : i
    }

    /// Sums each row, folds the sums into coverage with `rule` and hands the runs of
    /// non-zero coverage to `sink`, zeroing the cells and bits it reads.
    func emitRows(from memory: Accumulation, region: IntRect, rule: CGPathFillRule, antialias: Bool,
                  threads: Int, sink: CoverageRasterizer.RowSink) {
        let evenOdd = rule == .evenOdd
        @inline(__always) func coverage(_ sum: Float) -> UInt8 {
            var a = abs(sum)
            if evenOdd {
                a -= 2 * (a * 0.5).rounded(.down)
                if a > 1 { a = 2 - a }
            } else if a > 1 {
                a = 1
            }
            // Adding 1.5·2²³ leaves a·255 rounded to the nearest integer in the low mantissa
            // bits: a conversion without Int(_:)'s range checks, in the hottest loop.
            return antialias ? UInt8(truncatingIfNeeded: (a * 255 + 12_582_912).bitPattern) : (a >= 0.5 ? 255 : 0)
        }
        forEachBand(rowCount: height, pixelsPerRow: width, threads: threads) { rows in
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
            defer { buffer.deallocate() }
            for row in rows {
                let line = memory.cells + row * stride
                let bits = memory.bitmap + row * wordsPerRow
                var sum: Float = 0
                var runStart = -1
                var next = 0  // the first column not yet in `buffer`
                func flush(at end: Int) {
                    if runStart >= 0 && end > runStart {
                        sink(region.y0 + row, region.x0 + runStart,
                             UnsafeMutableBufferPointer(start: buffer + runStart, count: end - runStart))
                    }
                    runStart = -1
                }
                // Columns next..<end lie in untouched chunks: one coverage for all.
                func constant(to end: Int) {
                    guard end > next else { return }
                    let c = coverage(sum)
                    if c == 0 {
                        flush(at: next)
                    } else {
                        (buffer + next).update(repeating: c, count: end - next)
                        if runStart < 0 { runStart = next }
                    }
                }
                for word in 0..<wordsPerRow where bits[word] != 0 {
                    var pending = bits[word]
                    bits[word] = 0
                    while pending != 0 {
                        let x0 = (word << 6 + pending.trailingZeroBitCount) << Self.chunkShift
                        pending &= pending - 1
                        constant(to: min(x0, width))
                        let end = min(x0 + Self.chunkSize, width)
                        if x0 < end {
                            if runStart < 0 { runStart = x0 }
                            for x in x0..<end {
                                sum += line[x]
                                line[x] = 0
                                buffer[x] = coverage(sum)
                            }
                        }
                        // Cells past the last pixel only carry area out of the row.
                        if x0 + Self.chunkSize > width {
                            for x in max(x0, width)..<min(x0 + Self.chunkSize, stride) { line[x] = 0 }
                        }
                        next = max(next, end)
                    }
                }
                constant(to: width)
                flush(at: width)
            }
        }
    }
}
