/// Carries a value into concurrently running band workers. Used only where each worker
/// touches disjoint rows of the same buffers.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// Runs `body` for each band of rows in `0..<rowCount`, on up to `threads` threads; jobs
/// under 256 Ki pixels stay on the calling thread, where handing out work costs more than
/// it saves. Bands are fixed by the row count alone, so results never depend on the thread count.
func forEachBand(rowCount: Int, pixelsPerRow: Int, threads: Int, _ body: (Range<Int>) -> Void) {
    let rowsPerBand = max(16, 65_536 / max(pixelsPerRow, 1))
    let bandCount = (rowCount + rowsPerBand - 1) / rowsPerBand
    guard threads > 1, bandCount > 1, rowCount * pixelsPerRow >= 1 << 18 else {
        for band in 0..<bandCount { body(band * rowsPerBand..<min(rowCount, (band + 1) * rowsPerBand)) }
        return
    }
    let workers = min(threads, bandCount)
    WorkerPool.shared.perform(iterations: workers) { worker in
        for band in stride(from: worker, to: bandCount, by: workers) {
            body(band * rowsPerBand..<min(rowCount, (band + 1) * rowsPerBand))
        }
    }
}
