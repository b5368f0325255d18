import Foundation
import FlipbookGraphics

/// Pixels a node rendered: premultiplied linear RGBA over the whole pixels of `rect`
/// (Core Image coordinates), rows from the bottom up. Blurs read and write these.
struct Raster: Sendable {
    let rect: CGRect
    let width: Int, height: Int
    var pixels: [SIMD4<Float>]

    /// A clear raster over `rect`, rounded out to whole pixels.
    init(clearOver rect: CGRect) {
        self.rect = rect.integral
        width = Int(self.rect.width)
        height = Int(self.rect.height)
        pixels = Array(repeating: .zero, count: width * height)
    }

    /// `node` rendered over `rect` (rounded out to whole pixels) on up to `threads` threads.
    init(rendering node: any ImageNode, over rect: CGRect, threads: Int) {
        self.init(clearOver: rect)
        let (width, height, origin) = (self.width, self.height, self.rect.origin)
        guard width > 0, height > 0 else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = UncheckedBuffer(buffer)
            RowBands.render(node, x: Double(origin.x), width: width, rows: height, threads: threads,
                            y: { Double(origin.y) + Double($0) + 0.5 }) { row, line in
                _ = UnsafeMutableBufferPointer(rebasing: base.buffer[(row * width)..<((row + 1) * width)]).update(fromContentsOf: line)
            }
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
        let fx = point.x - Double(rect.minX) - 0.5, fy = point.y - Double(rect.minY) - 0.5
        let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
        guard x0 > -2, y0 > -2, x0 < Double(width), y0 < Double(height) else { return .zero }
        let tx = Float(fx - x0), ty = Float(fy - y0)
        let c = Int(x0), r = Int(y0)
        let low = self[c, r] * (1 - tx) + self[c + 1, r] * tx
        let high = self[c, r + 1] * (1 - tx) + self[c + 1, r + 1] * tx
        return low * (1 - ty) + high * ty
    }
}

/// A raster as a node: bilinear between pixel centres, clear outside.
struct RasterNode: ImageNode {
    let raster: Raster

    var extent: CGRect { raster.rect }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode { self }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let r = raster
        if case let .row(x, y, count) = samples, x == x.rounded(), (y - 0.5) == (y - 0.5).rounded() {
            // Pixel centres on pixel centres: a copy of the part of a row on the raster.
            out.update(repeating: .zero)
            let row = Int(y - 0.5 - Double(r.rect.minY)), start = Int(x - Double(r.rect.minX))
            guard row >= 0, row < r.height else { return }
            for i in max(0, -start)..<max(0, min(count, r.width - start)) { out[i] = r.pixels[row * r.width + start + i] }
            return
        }
        for i in 0..<samples.count { out[i] = r.sample(samples.point(i)) }
    }
}

/// Rows of a node rendered in bands on several threads, each with its own scratch rows.
enum RowBands {
    /// Renders `rows` rows of `width` pixels starting at `x`, row k at height `y(k)`,
    /// handing each to `store` (from the band's thread).
    static func render(_ node: any ImageNode, x: Double, width: Int, rows: Int, threads: Int, y: (Int) -> Double,
                       store: (Int, UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
        let bands = max(1, min(threads, rows / 16))
        withoutActuallyEscaping(y) { y in
            withoutActuallyEscaping(store) { store in
                let work = UncheckedWork(y: y, store: store)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let scratch = Scratch(capacity: width)
                    scratch.withColors(width) { line in
                        for row in (rows * band / bands)..<(rows * (band + 1) / bands) {
                            node.render(.row(x: x, y: work.y(row), count: width), into: line, scratch: scratch)
                            work.store(row, line)
                        }
                    }
                }
            }
        }
    }
}

/// The row callbacks handed to band workers, which each call them for their own rows.
private struct UncheckedWork: @unchecked Sendable {
    let y: (Int) -> Double
    let store: (Int, UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
}

/// A buffer handed to band workers, each writing its own part.
struct UncheckedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
