@testable import FlipbookGraphics
import Synchronization
import Testing

/// The one band utility: both shapes of band cover every row once, and which rows make a
/// band never depends on the thread count beyond what the caller passes.
struct RowBandsTests {
    @Test(arguments: [
        // rows, threads, minimum rows → bands
        (100, 4, 16, [0..<25, 25..<50, 50..<75, 75..<100]),
        (100, 8, 32, [0..<33, 33..<66, 66..<100]),   // at most 100 / 32 = 3 bands of 32 rows or more
        (20, 4, 16, [0..<20]),
        (0, 4, 16, [0..<0]),                          // one empty band: the caller still runs once
        (1080, 2, 32, [0..<540, 540..<1080]),
    ] as [(Int, Int, Int, [Range<Int>])])
    func contiguousBands(rows: Int, threads: Int, minimumRows: Int, expected: [Range<Int>]) {
        #expect(RowBands.contiguous(rows: rows, threads: threads, minimumRows: minimumRows) == expected)
    }

    /// The bands `cacheSized` hands out for `rows` × `width`, sorted.
    func cacheSizedBands(rows: Int, width: Int, threads: Int) -> [Range<Int>] {
        let bands = Mutex<[Range<Int>]>([])
        RowBands.cacheSized(rows: rows, pixelsPerRow: width, threads: threads) { band in bands.withLock { $0.append(band) } }
        return bands.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
    }

    @Test func cacheSizedBandsHoldAbout64KiPixelsWhateverTheThreads() {
        // 1920 pixels a row: 34 rows a band (65,536 / 1920), 1080 rows in 32 bands.
        let one = cacheSizedBands(rows: 1080, width: 1920, threads: 1)
        #expect(one.count == 32 && one[0] == 0..<34 && one[31] == 1054..<1080)
        for threads in [2, 3, 8] { #expect(cacheSizedBands(rows: 1080, width: 1920, threads: threads) == one) }
        // Narrow rows: never under 16 rows a band.
        #expect(cacheSizedBands(rows: 40, width: 8_000, threads: 4) == [0..<16, 16..<32, 32..<40])
        #expect(cacheSizedBands(rows: 0, width: 100, threads: 4) == [])
    }

    @Test func splitRunsEveryBandOnce() {
        let rows = Mutex<[Int]>([])
        RowBands.split(rows: 1000, threads: 3) { band in rows.withLock { $0.append(contentsOf: band) } }
        #expect(rows.withLock { $0 }.sorted() == Array(0..<1000))
    }
}
