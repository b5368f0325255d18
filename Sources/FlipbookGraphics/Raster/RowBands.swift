/// The one way Flipbook spreads rows of work over the cores: drawing, rasterizing and
/// Core Image all split their rows here, and run the bands on `WorkerPool.shared`.
///
/// Two shapes of band, for two kinds of work:
/// - ``split(rows:threads:minimumRows:_:)``: one contiguous band per thread, for work
///   whose cost per band is fixed — a drawing replayed in each band, a filter pass with a
///   set-up per band.
/// - ``cacheSized(rows:pixelsPerRow:threads:_:)``: bands of about 64 Ki pixels dealt to
///   the threads in turn, for streaming work whose cost is in its pixels — coverage
///   sweeps and shading — so that uneven rows still share the work.
///
/// Either way a band's rows depend only on the sizes and thread count given, never on
/// timing, and every caller writes disjoint rows, so results are the same on any number
/// of threads.
package enum RowBands {
    /// `0..<rows` as at most `threads` consecutive ranges (at least one), none under
    /// `minimumRows` rows unless there is only one.
    package static func contiguous(rows: Int, threads: Int, minimumRows: Int) -> [Range<Int>] {
        let count = max(1, min(threads, rows / max(minimumRows, 1)))
        return (0..<count).map { band in (rows * band / count)..<(rows * (band + 1) / count) }
    }

    /// Calls `body` once for each of the ``contiguous(rows:threads:minimumRows:)`` bands,
    /// all at once, the first on the calling thread.
    package static func split(rows: Int, threads: Int, minimumRows: Int = 16, _ body: (Range<Int>) -> Void) {
        let bands = contiguous(rows: rows, threads: threads, minimumRows: minimumRows)
        guard bands.count > 1 else { return body(bands[0]) }
        WorkerPool.shared.perform(iterations: bands.count) { body(bands[$0]) }
    }

    /// Calls `body` for each band of about 64 Ki pixels (at least 16 rows) of `0..<rows`,
    /// on up to `threads` threads, each taking every `threads`-th band. Jobs under 256 Ki
    /// pixels stay on the calling thread, where handing out work costs more than it saves.
    package static func cacheSized(rows: Int, pixelsPerRow: Int, threads: Int, _ body: (Range<Int>) -> Void) {
        let rowsPerBand = max(16, 65_536 / max(pixelsPerRow, 1))
        let bandCount = (rows + rowsPerBand - 1) / rowsPerBand
        func band(_ k: Int) -> Range<Int> { k * rowsPerBand..<min(rows, (k + 1) * rowsPerBand) }
        guard threads > 1, bandCount > 1, rows * pixelsPerRow >= 1 << 18 else {
            for k in 0..<bandCount { body(band(k)) }
            return
        }
        let workers = min(threads, bandCount)
        WorkerPool.shared.perform(iterations: workers) { worker in
            for k in stride(from: worker, to: bandCount, by: workers) { body(band(k)) }
        }
    }
}
