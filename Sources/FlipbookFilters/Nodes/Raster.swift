import Foundation
import FlipbookGraphics

/// Pixels a node rendered: premultiplied linear RGBA over the whole pixels of `rect`
/// (Core Image coordinates), rows from the bottom up. Blurs read and write these.
struct Raster: Sendable {
    let rect: CGRect
    let width: Int, height: Int
    /// The pixels, row after row, in memory the raster shares with its copies (rasters are
    /// written while being made, then only read).
    private let memory: RasterMemory
    var pixels: UnsafeMutableBufferPointer<SIMD4<Float>> { UnsafeMutableBufferPointer(start: memory.pixels, count: width * height) }

    /// A clear raster over `rect`, rounded out to whole pixels.
    init(clearOver rect: CGRect) {
        self.init(unwrittenOver: rect)
        pixels.update(repeating: .zero)
    }

    /// A raster over `rect` (rounded out to whole pixels) whose every pixel the caller
    /// writes before any is read: it skips clearing them.
    init(unwrittenOver rect: CGRect) {
        self.rect = rect.integral
        width = Int(self.rect.width)
        height = Int(self.rect.height)
        memory = RasterMemory(count: width * height)
    }

    /// `node` rendered over `rect` (rounded out to whole pixels) on up to `threads` threads.
    init(rendering node: any ImageNode, over rect: CGRect, threads: Int) {
        self.init(unwrittenOver: rect)
        let (width, height, origin) = (self.width, self.height, self.rect.origin)
        guard width > 0, height > 0 else { return }
        let base = UncheckedSendable(memory.pixels)
        RowBands.render(node, x: Double(origin.x), width: width, rows: height, threads: threads,
                        y: { Double(origin.y) + Double($0) + 0.5 }) { row, line in
            (base.value + row * width).update(from: line.baseAddress!, count: width)
        }
    }

    /// The pixel in `column` of `row` (from the bottom); clear outside.
    @inline(__always)
    subscript(column: Int, row: Int) -> SIMD4<Float> {
        column >= 0 && column < width && row >= 0 && row < height ? pixels[row * width + column] : .zero
    }

    /// The value at `point`, interpolated bilinearly between pixel centres.
    @inline(__always)
    func sample(_ point: SIMD2<Double>) -> SIMD4<Float> {
        PixelGrid.bilinear(point.x - Double(rect.minX) - 0.5, point.y - Double(rect.minY) - 0.5, width: width, height: height) { self[$0, $1] }
    }
}

/// A raster as a node: bilinear between pixel centres, clear outside.
struct RasterNode: ImageNode {
    let raster: Raster

    var extent: CGRect { raster.rect }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode { self }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let r = raster
        if let (column, bottom, count) = samples.pixelRow {
            // Pixel centres on pixel centres: a copy of the part of a row on the raster.
            out.update(repeating: .zero)
            let row = bottom - Int(r.rect.minY), start = column - Int(r.rect.minX)
            guard row >= 0, row < r.height else { return }
            for i in PixelGrid.overlap(column: start, count: count, width: r.width) { out[i] = r.pixels[row * r.width + start + i] }
            return
        }
        for i in 0..<samples.count { out[i] = r.sample(samples.point(i)) }
    }
}

extension RasterNode {
    /// A row of whole pixels encoded straight from the raster, clear around it: the bytes
    /// that rendering the row and encoding it give, without the copy between. (Not a
    /// `ByteRowSource`: steps that mix their inputs' bytes need bytes that decode to the
    /// very floats they stand for.) Other samples are rendered and encoded.
    func encode(_ samples: Samples, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        guard let (column, row, count) = samples.pixelRow else { return renderEncoded(samples, into: out, scratch: scratch) }
        let r = raster, line = row - Int(r.rect.minY), start = column - Int(r.rect.minX)
        let span = line >= 0 && line < r.height ? PixelGrid.overlap(column: start, count: count, width: r.width) : 0..<0
        if span != 0..<count { out.update(repeating: 0, count: 4 * count) }
        guard !span.isEmpty else { return }
        LinearLight.encode(r.pixels.baseAddress! + line * r.width + start + span.lowerBound, count: span.count, into: out + 4 * span.lowerBound)
    }
}
