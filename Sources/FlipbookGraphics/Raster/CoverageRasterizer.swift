/// Turns edges into exact-area anti-aliased coverage, one row at a time.
///
/// Each edge adds its signed area to an accumulation buffer (per pixel: the area to the
/// pixel's right that the edge's winding changes). A running sum along a row then gives the
/// winding-weighted coverage of each pixel, which the fill rule folds into 0…1: `min(|w|, 1)`
/// for non-zero and the distance to the nearest even number for even-odd. For any
/// non-self-overlapping shape the summed coverage equals the shape's area exactly.
///
/// A bitmap marks the 4-pixel chunks of each row that edges touched. The row pass visits
/// only those, one vector of four prefix sums each; between them the running sum, and so
/// the coverage, is constant. Both the accumulation buffer and the bitmap are left zeroed by
/// the row pass, ready for the next fill.
final class CoverageRasterizer {
    /// Coordinates a region may reach: `AccumulationGrid` rounds with a trick exact below 2²²
    /// (bitmaps are far smaller: `GraphicsLimits` bounds them at 32,768 pixels a side).
    private static let reach = IntRect(x0: -(1 << 21), y0: -(1 << 21), x1: 1 << 21, y1: 1 << 21)

    private var storage = Accumulation(capacity: 0, bitmapWords: 0)

    deinit { storage.deallocate() }

    /// One row of coverage: `y` in device space, `x` the device column of `coverage[0]`.
    typealias RowSink = (_ y: Int, _ x: Int, _ coverage: UnsafeMutableBufferPointer<UInt8>) -> Void

    /// Rasterizes `edges` (device space, implicitly forming closed outlines) inside `region`
    /// and hands each non-empty row to `sink`. Rows may be handed out concurrently (distinct
    /// rows only) when `threads > 1`.
    func fill(_ edges: [Edge], rule: CGPathFillRule, region: IntRect, antialias: Bool,
              threads: Int, sink: RowSink) {
        let region = region.intersection(Self.reach)
        guard !region.isEmpty, !edges.isEmpty else { return }
        let grid = AccumulationGrid(region: region)
        if grid.cellCount > storage.capacity || grid.bitmapWords > storage.bitmapWords {
            storage.deallocate()
            storage = Accumulation(capacity: max(grid.cellCount, storage.capacity),
                                   bitmapWords: max(grid.bitmapWords, storage.bitmapWords))
        }
        for e in edges { grid.addClipped(e.x0, e.y0, e.x1, e.y1, into: storage) }
        grid.emitRows(from: storage, rule: rule, antialias: antialias, threads: threads, sink: sink)
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
///
/// Edges stay in device coordinates and each row's crossing is computed from the line's
/// own endpoints, so a pixel's coverage depends only on the path, never on the region it
/// is rasterized in: a fill split into bands gives the same bytes as the whole fill.
private struct AccumulationGrid {
    static let chunkShift = 2
    static let chunkSize = 1 << chunkShift

    let region: IntRect
    var width: Int { region.width }
    var height: Int { region.height }
    /// Cells per row: the width plus two, for the area an edge carries past its last pixel,
    /// rounded up to whole chunks.
    let stride: Int
    let wordsPerRow: Int

    init(region: IntRect) {
        self.region = region
        stride = (region.width + 2 + Self.chunkSize - 1) & -Self.chunkSize
        wordsPerRow = (stride >> Self.chunkShift + 63) / 64
    }

    var cellCount: Int { stride * height }
    var bitmapWords: Int { wordsPerRow * height }

    /// Splits a line where it leaves the region's columns: parts outside are replaced by
    /// vertical lines on the border, which carry the same winding to the pixels inside.
    func addClipped(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, into memory: Accumulation) {
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let left = Float(region.x0), right = Float(region.x1)
        if x0 >= left, x1 >= left, x0 <= right, x1 <= right { return addLine(x0, y0, x1, y1, into: memory) }
        // Parameters where the line crosses the borders, in order along the line.
        var ta: Float = 2, tb: Float = 2
        if (x0 < left) != (x1 < left) { ta = (left - x0) / (x1 - x0) }
        if (x0 < right) != (x1 < right) { tb = (right - x0) / (x1 - x0) }
        if ta > tb { swap(&ta, &tb) }
        var t0: Float = 0
        for t1 in [ta, tb, 1] where t1 <= 1 && t1 > t0 {
            let ya = y0 + (y1 - y0) * t0, yb = y0 + (y1 - y0) * t1
            let mid = x0 + (x1 - x0) * (t0 + t1) / 2
            if mid <= left {
                addLine(left, ya, left, yb, into: memory)
            } else if mid >= right {
                addLine(right, ya, right, yb, into: memory)
            } else {
                addLine(min(max(x0 + (x1 - x0) * t0, left), right), ya, min(max(x0 + (x1 - x0) * t1, left), right), yb,
                        into: memory)
            }
            t0 = t1
        }
    }

    /// Accumulates one line lying within the region's columns.
    private func addLine(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, into memory: Accumulation) {
        guard ay != by else { return }
        let direction: Float = ay < by ? 1 : -1
        let (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        let top = Float(region.y0), bottom = Float(region.y1)
        if y1 <= top || y0 >= bottom { return }
        // A line too flat for its slope to be finite carries no area worth a bit.
        let slope = (x1 - x0) / (y1 - y0), dxdy = slope.isFinite ? slope : 0
        let left = Float(region.x0), right = Float(region.x1)
        // Where the line is at height `y`: from its endpoint, the same for every region.
        @inline(__always) func x(at y: Float) -> Float { min(max(x0 + (y - y0) * dxdy, left), right) }
        let rowStart = Self.floor(max(y0, top)), rowEnd = Self.ceiling(min(y1, bottom))
        guard rowStart < rowEnd else { return }
        var line = memory.cells + (rowStart - region.y0) * stride - region.x0
        var bits = memory.bitmap + (rowStart - region.y0) * wordsPerRow
        if dxdy == 0 {
            // A vertical line (the sides of rectangles and strokes) splits each row's area
            // between the same two cells in the same shares: the general case's values.
            let x = x(at: y0), xli = Self.floor(x), xm = 0.5 * (x + x) - Float(xli)
            let first = (xli &- region.x0) >> Self.chunkShift, last = (xli &+ 1 &- region.x0) >> Self.chunkShift
            for row in rowStart..<rowEnd {
                let d = (min(Float(row &+ 1), y1) - max(Float(row), y0)) * direction
                line[xli] += d - d * xm
                line[xli &+ 1] += d * xm
                Self.mark(bits, from: first, through: last)
                line += stride
                bits += wordsPerRow
            }
            return
        }
        // Each row starts where the one above ended.
        var rowTop = max(Float(rowStart), y0), xTop = x(at: rowTop)
        for row in rowStart..<rowEnd {
            let rowBottom = min(Float(row &+ 1), y1), xBottom = x(at: rowBottom)
            defer {
                rowTop = rowBottom
                xTop = xBottom
                line += stride
                bits += wordsPerRow
            }
            let dy = rowBottom - rowTop
            if dy <= 0 { continue }
            let d = dy * direction
            let (xl, xr) = xTop < xBottom ? (xTop, xBottom) : (xBottom, xTop)
            let xli = Self.floor(xl), xri = max(Self.ceiling(xr), xli &+ 1)
            let xlFloor = Float(xli)
            if xri == xli &+ 1 {
                let xm = 0.5 * (xTop + xBottom) - xlFloor
                line[xli] += d - d * xm
                line[xli &+ 1] += d * xm
            } else {
                let s = 1 / (xr - xl)
                let xlf = xl - xlFloor
                let a0 = 0.5 * s * (1 - xlf) * (1 - xlf)
                let xrf = xr - Float(xri) + 1
                let am = 0.5 * s * xrf * xrf
                line[xli] += d * a0
                if xri == xli &+ 2 {
                    line[xli &+ 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - xlf)
                    line[xli &+ 1] += d * (a1 - a0)
                    var xi = xli &+ 2
                    while xi < xri &- 1 {
                        line[xi] += d * s
                        xi &+= 1
                    }
                    let a2 = a1 + Float(xri &- xli &- 3) * s
                    line[xri &- 1] += d * (1 - a2 - am)
                }
                line[xri] += d * am
            }
            Self.mark(bits, from: (xli &- region.x0) >> Self.chunkShift, through: (xri &- region.x0) >> Self.chunkShift)
        }
    }

    /// Sets bits `first...last` of a row's touched-chunk bitmap.
    @inline(__always) private static func mark(_ bits: UnsafeMutablePointer<UInt64>, from first: Int, through last: Int) {
        let head = UInt64.max << UInt64(first & 63), tail = UInt64.max >> UInt64(63 - last & 63)
        let firstWord = first >> 6, lastWord = last >> 6
        if firstWord == lastWord { return bits[firstWord] |= head & tail }
        bits[firstWord] |= head
        for word in (firstWord + 1)..<lastWord { bits[word] = .max }
        bits[lastWord] |= tail
    }

    /// `value` rounded to the nearest integer, for |value| < 2²² (every coordinate of a
    /// region is: `CoverageRasterizer.reach`). Adding 1.5·2²³
    /// leaves the integer in the low mantissa bits: no range checks and no library call.
    @inline(__always) private static func nearest(_ value: Float) -> Int {
        Int(Int32(bitPattern: (value + 12_582_912).bitPattern &- 0x4B40_0000))
    }

    /// The largest integer at or below `value` (|value| < 2²²).
    @inline(__always) private static func floor(_ value: Float) -> Int {
        let i = nearest(value)
        return Float(i) > value ? i &- 1 : i
    }

    /// The smallest integer at or above `value` (|value| < 2²²).
    @inline(__always) private static func ceiling(_ value: Float) -> Int {
        let i = nearest(value)
        return Float(i) < value ? i &+ 1 : i
    }

    /// Anti-aliased non-zero coverage of four sums: `min(|sum|, 1)` in 0…255, rounded, the
    /// same bytes as the row pass's scalar `coverage` (which the runs between chunks use).
    @inline(__always) private static func nonZeroCoverage(_ sums: SIMD4<Float>) -> SIMD4<UInt8> {
        // |sum| clamped to 1, compared as bit patterns: non-negative floats order as integers.
        var bits = unsafeBitCast(sums, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF
        bits.replace(with: 0x3F80_0000, where: bits .> 0x3F80_0000)
        let scaled = unsafeBitCast(bits, to: SIMD4<Float>.self) * 255 + 12_582_912
        return SIMD4(truncatingIfNeeded: unsafeBitCast(scaled, to: SIMD4<UInt32>.self))
    }

    /// Sums each row, folds the sums into coverage with `rule` and hands the runs of
    /// non-zero coverage to `sink`, zeroing the cells and bits it reads.
    func emitRows(from memory: Accumulation, rule: CGPathFillRule, antialias: Bool,
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
        let vectorCoverage = antialias && !evenOdd
        forEachBand(rowCount: height, pixelsPerRow: width, threads: threads) { rows in
            // A byte for every cell, so that each chunk stores all four of its coverages.
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: stride)
            defer { buffer.deallocate() }
            for row in rows {
                let line = UnsafeMutableRawPointer(memory.cells + row * stride)
                let bits = memory.bitmap + row * wordsPerRow
                var sum = SIMD4<Float>.zero  // the running sum, in every lane
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
                    let c = coverage(sum.x)
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
                        var v = line.loadUnaligned(fromByteOffset: 4 * x0, as: SIMD4<Float>.self)
                        line.storeBytes(of: .zero, toByteOffset: 4 * x0, as: SIMD4<Float>.self)
                        // Cells past the last pixel only carry area out of the row.
                        guard x0 < width else { continue }
                        constant(to: x0)
                        if runStart < 0 { runStart = x0 }
                        // The chunk's prefix sums: two shifted adds and the carry, so the
                        // running sum's add latency is paid once per four pixels.
                        v += SIMD4(0, v.x, v.y, v.z)
                        v += SIMD4(0, 0, v.x, v.y)
                        v += sum
                        sum = SIMD4(repeating: v.w)
                        let chunk: SIMD4<UInt8> = vectorCoverage
                            ? Self.nonZeroCoverage(v) : SIMD4(coverage(v.x), coverage(v.y), coverage(v.z), coverage(v.w))
                        UnsafeMutableRawPointer(buffer + x0).storeBytes(of: chunk, as: SIMD4<UInt8>.self)
                        next = min(x0 + Self.chunkSize, width)
                    }
                }
                constant(to: width)
                flush(at: width)
            }
        }
    }
}
