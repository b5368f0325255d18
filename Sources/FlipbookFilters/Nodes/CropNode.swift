import Foundation
import FlipbookGraphics

/// The input inside a rectangle and clear outside it.
struct CropNode: ImageNode {
    let input: any ImageNode
    let rect: CGRect

    var extent: CGRect { input.extent.intersection(rect) }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        CropNode(input: input.prepared(for: rect.intersection(self.rect), threads: threads), rect: self.rect)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        input.render(samples, into: out, scratch: scratch)
        for i in 0..<samples.count where !rect.containsPoint(samples.point(i)) { out[i] = .zero }
    }
}

extension CropNode {
    /// A crop to whole pixels keeps its input's 8-bit rows.
    var byteRows: (any ByteRowSource)? {
        let edges = [rect.minX, rect.minY, rect.maxX, rect.maxY]
        guard let rows = input.byteRows, edges.allSatisfy({ $0 == $0.rounded() }) else { return nil }
        return CroppedRows(input: rows, rect: rect)
    }
}

/// The rows of a crop to whole pixels: the input's inside, clear outside.
struct CroppedRows: ByteRowSource {
    let input: any ByteRowSource
    let rect: CGRect

    func readRow(column: Int, row: Int, count: Int, buffer: UnsafeMutablePointer<UInt8>, scratch: Scratch,
                 _ body: (UnsafePointer<UInt8>) -> Void) {
        // Compared as floating point: the rectangle's edges may lie far beyond any Int.
        let inside = Double(row) >= rect.minY && Double(row) < rect.maxY
        let first = inside ? Int(min(max(rect.minX - CGFloat(column), 0), CGFloat(count))) : 0
        let end = inside ? Int(min(max(rect.maxX - CGFloat(column), CGFloat(first)), CGFloat(count))) : 0
        if first == 0, end == count { return input.readRow(column: column, row: row, count: count, buffer: buffer, scratch: scratch, body) }
        buffer.update(repeating: 0, count: 4 * first)
        input.copyRow(column: column + first, row: row, count: end - first, into: buffer + 4 * first, scratch: scratch)
        (buffer + 4 * end).update(repeating: 0, count: 4 * (count - end))
        body(buffer)
    }
}
