import Foundation

/// A node's rows of whole pixels made straight in premultiplied RGBA8 sRGB: the very bytes
/// that rendering in linear light and encoding would give, without the round trip through
/// floating point. Bitmaps read on their own pixel grid and mixes of such rows (a
/// dissolve, the settled sides of a swipe) can; `CIContext` uses this when a whole recipe
/// can, and renders in floating point otherwise.
protocol ByteRowSource: Sendable {
    /// Calls `body` with the `count` pixels (4 bytes each) of the row whose bottom edge is at
    /// height `row` (Core Image's y-up coordinates), from the pixel whose left edge is at
    /// `column`. They are either written into `buffer`, which has room for them, or read in
    /// place from storage of the source's own.
    func readRow(column: Int, row: Int, count: Int, buffer: UnsafeMutablePointer<UInt8>, scratch: Scratch,
                 _ body: (UnsafePointer<UInt8>) -> Void)
}

extension ByteRowSource {
    /// Writes the pixels `readRow` gives into `out`.
    func copyRow(column: Int, row: Int, count: Int, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        guard count > 0 else { return }
        readRow(column: column, row: row, count: count, buffer: out, scratch: scratch) { pixels in
            if pixels != UnsafePointer(out) { out.update(from: pixels, count: 4 * count) }
        }
    }
}

extension ImageNode {
    var byteRows: (any ByteRowSource)? { nil }
}
