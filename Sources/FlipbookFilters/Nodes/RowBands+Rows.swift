import Foundation
import FlipbookGraphics

/// Core Image's rows, split by FlipbookGraphics' one band utility.
extension RowBands {
    /// Calls `body` for each of `rows` rows, bands of them on their own threads, with the
    /// band's scratch buffers for rows up to `width` long.
    static func forEachRow(_ rows: Int, width: Int, threads: Int, _ body: (Int, Scratch) -> Void) {
        split(rows: rows, threads: threads) { band in
            let scratch = Scratch(capacity: width)
            for row in band { body(row, scratch) }
        }
    }

    /// Renders `rows` rows of `width` pixels starting at `x`, row k at height `y(k)`,
    /// handing each to `store` (from the band's thread, with the band's scratch rows).
    static func render(_ node: any ImageNode, x: Double, width: Int, rows: Int, threads: Int, y: (Int) -> Double,
                       store: (Int, UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
        forEachRow(rows, width: width, threads: threads) { row, scratch in
            scratch.withColors(width) { line in
                node.render(.row(x: x, y: y(row), count: width), into: line, scratch: scratch)
                store(row, line)
            }
        }
    }
}

