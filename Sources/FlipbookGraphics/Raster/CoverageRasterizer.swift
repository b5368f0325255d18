import CFlipbookKernels

/// Turns edges into exact-area anti-aliased coverage, one row at a time.
///
/// Each edge adds its signed area to an accumulation buffer (per pixel: the area to the
/// pixel's right that the edge's winding changes). A running sum along a row then gives the
/// winding-weighted coverage of each pixel, which the fill rule folds into 0…1: `min(|w|, 1)`
/// for non-zero and the distance to the nearest even number for even-odd. For any
/// non-self-overlapping shape the summed coverage equals the shape's area exactly.
///
/// A byte per 4-pixel chunk of each row marks the chunks that edges touched, and a summary
/// word per row the words of marks that hold any. The row pass visits only those chunks,
/// each with the chunk after it as one vector of eight prefix sums; between them the
/// running sum, and so the coverage, is constant. Both loops are C, built per instruction
/// set (`fb_accumulate_edges`, then `fb_sweep_row`, which hands out runs of coverage, or
/// `fb_fill_solid`, which composites a colour as it sums: each pair of chunks' eight pixels
/// straight from their sums, then each constant span at once). The row pass leaves the
/// cells, marks and summaries zeroed, ready for the next fill.
///
/// Edges stay in device coordinates and each row's crossing is computed from the line's
/// own endpoints, so a pixel's coverage depends only on the path, never on the region it
/// is rasterized in: a fill split into bands gives the same bytes as the whole fill.
final class CoverageRasterizer {
    /// Coordinates a region may reach: the C loops round with a trick exact below 2²²
    /// (bitmaps are far smaller: `GraphicsLimits` bounds them at 32,768 pixels a side).
    private static let reach = IntRect(x0: -(1 << 21), y0: -(1 << 21), x1: 1 << 21, y1: 1 << 21)

    /// Zeroed cells, marks and summaries, grown to the largest region filled so far.
    private var cells = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private var marks = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var summary = UnsafeMutableBufferPointer<UInt64>(start: nil, count: 0)

    deinit {
        cells.deallocate()
        marks.deallocate()
        summary.deallocate()
    }

    /// One row of coverage: `y` in device space, `x` the device column of `coverage[0]`.
    typealias RowSink = (_ y: Int, _ x: Int, _ coverage: UnsafeMutableBufferPointer<UInt8>) -> Void

    /// Rasterizes `edges` (device space, implicitly forming closed outlines) inside `region`
    /// and hands each non-empty row to `sink`. Rows may be handed out concurrently (distinct
    /// rows only) when `threads > 1`.
    func fill(_ edges: [Edge], rule: CGPathFillRule, region: IntRect, antialias: Bool,
              threads: Int, sink: RowSink) {
        guard let grid = accumulate(edges, region: region) else { return }
        let flags = Self.flags(rule: rule, antialias: antialias)
        sweepBands(of: grid, threads: threads) { grid, rows in
            // A byte for every cell, so that each pair of chunks stores all eight coverages.
            let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: grid.stride)
            let runs = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * (grid.stride / Int(fb_chunk_size) + 1))
            defer { coverage.deallocate(); runs.deallocate() }
            for row in rows {
                let count = fb_sweep_row(&grid, row, flags, coverage, runs)
                for k in 0..<count {
                    let start = Int(runs[2 * k]), end = Int(runs[2 * k + 1])
                    sink(Int(grid.y0) + row, Int(grid.x0) + start,
                         UnsafeMutableBufferPointer(start: coverage + start, count: end - start))
                }
            }
        }
    }

    /// Rasterizes `edges` inside `region` and composites `color` (premultiplied) over
    /// `target` through the coverage, source-over: the bytes `fill` and `Compositor`'s
    /// source-over would give, without handing rows out. `slack` says how many pixels
    /// right of `region`, in its rows, the edges cover nothing and may be written: the row
    /// pass widens the region into them, so that its last pair of chunks ends whole instead
    /// of being composited pixel by pixel, and writes them back as they are (coverage zero
    /// leaves a pixel's bits).
    func fill(_ edges: [Edge], rule: CGPathFillRule, region: IntRect, slack: Int = 0, antialias: Bool,
              threads: Int, color: PackedPixel, over target: PixelBuffer) {
        sweepOver(target, edges, rule: rule, region: region, slack: slack, antialias: antialias,
                  threads: threads) { grid, rows, flags, origin, rowStride in
            fb_fill_solid(&grid, rows.lowerBound, rows.upperBound, flags, origin, rowStride, color)
        }
    }

    /// `fill(_:rule:region:slack:antialias:threads:color:over:)` with a gradient's
    /// colours: pixel x of row `region.y0 + r` takes `gradient.table[(rows[r] + x·step) >> 32]`
    /// (x the device column; 32.32 fixed point), clamped to the table's ends, as
    /// `LinearGradientShader` shades it. The bytes `fill` and `Compositor`'s source-over
    /// would give. `rows` must cover the region's rows, and every index of the widened
    /// region fit in 64 bits.
    func fill(_ edges: [Edge], rule: CGPathFillRule, region: IntRect, slack: Int = 0, antialias: Bool,
              threads: Int, gradient: CGGradient, rows: [Int64], step: Int64, over target: PixelBuffer) {
        rows.withUnsafeBufferPointer { rows in
            gradient.table.withUnsafeBufferPointer { table in
                let shared = UncheckedSendable((rows: rows.baseAddress!, table: table.baseAddress!))
                sweepOver(target, edges, rule: rule, region: region, slack: slack, antialias: antialias,
                          threads: threads) { grid, band, flags, origin, rowStride in
                    fb_fill_table(&grid, band.lowerBound, band.upperBound, flags, origin, rowStride, shared.value.table,
                                  table.count, shared.value.rows + (Int(grid.y0) - region.y0), step)
                }
            }
        }
    }

    /// Accumulates `edges` inside `region`, widened right into `slack` (see the colour
    /// fill), and hands each band of its rows to `body` with the fill rule's flags, the
    /// pixel of `target` at the grid's top-left corner and the target's row stride in pixels.
    private func sweepOver(_ target: PixelBuffer, _ edges: [Edge], rule: CGPathFillRule, region: IntRect, slack: Int,
                           antialias: Bool, threads: Int,
                           _ body: (inout fb_coverage_grid, Range<Int>, Int32, UnsafeMutablePointer<PackedPixel>, Int) -> Void) {
        // Edges mark chunks up to column width + 1 (the area carried past the last pixel);
        // the pair starting at that chunk ends eight columns on.
        let chunk = Int(fb_chunk_size)
        var region = region
        region.x1 = min(region.x0 + ((region.width + 1) & -chunk) + 2 * chunk, region.x1 + max(slack, 0))
        guard let grid = accumulate(edges, region: region) else { return }
        let flags = Self.flags(rule: rule, antialias: antialias)
        let origin = UncheckedSendable(target.row(Int(grid.y0)) + Int(grid.x0))
        let rowStride = target.bytesPerRow / MemoryLayout<PackedPixel>.stride
        sweepBands(of: grid, threads: threads) { grid, rows in
            body(&grid, rows, flags, origin.value, rowStride)
        }
    }

    /// Runs `body` for each band of the grid's rows, possibly concurrently, with a copy of
    /// the grid of its own.
    private func sweepBands(of grid: fb_coverage_grid, threads: Int, _ body: (inout fb_coverage_grid, Range<Int>) -> Void) {
        let shared = UncheckedSendable(grid)
        RowBands.cacheSized(rows: Int(grid.y1 - grid.y0), pixelsPerRow: Int(grid.x1 - grid.x0), threads: threads) { rows in
            var grid = shared.value
            body(&grid, rows)
        }
    }

    /// The row pass's flags for a fill rule.
    private static func flags(rule: CGPathFillRule, antialias: Bool) -> Int32 {
        Int32(rule == .evenOdd ? fb_fill_even_odd : fb_fill_nonzero) | (antialias ? 0 : Int32(fb_fill_aliased))
    }

    /// Accumulates `edges` into working memory laid out for `region`: the grid to sweep,
    /// or `nil` when there is nothing to fill.
    private func accumulate(_ edges: [Edge], region: IntRect) -> fb_coverage_grid? {
        let region = region.intersection(Self.reach)
        guard !region.isEmpty, !edges.isEmpty else { return nil }
        // Cells per row: the width plus two, for the area an edge carries past its last
        // pixel, and a chunk more, rounded up to whole pairs of chunks, so that the row pass
        // can sum any marked chunk with the next; a mark per chunk, rounded up to whole words.
        let chunk = Int(fb_chunk_size)
        let stride = (region.width + 2 + chunk + 2 * chunk - 1) & -(2 * chunk)
        let markStride = (stride / chunk + 7) & -8
        reserve(&cells, stride * region.height)
        reserve(&marks, markStride * region.height)
        reserve(&summary, region.height)
        // A summary bit for each group of mark words, as few words to a group as fit 64 groups.
        var summaryShift = 0
        while (markStride / 8 - 1) >> summaryShift >= 64 { summaryShift += 1 }
        var grid = fb_coverage_grid(cells: cells.baseAddress, marks: marks.baseAddress, summary: summary.baseAddress,
                                    stride: stride, mark_stride: markStride, summary_shift: Int32(summaryShift),
                                    x0: Int32(region.x0), y0: Int32(region.y0), x1: Int32(region.x1), y1: Int32(region.y1))
        edges.withUnsafeBufferPointer { fb_accumulate_edges(&grid, $0.baseAddress, $0.count) }
        return grid
    }

    /// Grows zeroed working memory to at least `count` elements.
    private func reserve<Element: Numeric>(_ buffer: inout UnsafeMutableBufferPointer<Element>, _ count: Int) {
        guard count > buffer.count else { return }
        buffer.deallocate()
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: 0)
    }
}
