import Foundation
import FlipbookGraphics

/// A `CGImage`'s pixels, covering (0, 0)–(width, height) with its top row at the top.
/// Points between pixel centres are interpolated bilinearly; outside the image is clear.
struct BitmapNode: ImageNode {
    let image: CGImage

    var extent: CGRect { CGRect(x: 0, y: 0, width: image.width, height: image.height) }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode { self }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let width = image.width, height = image.height
        image.withUnsafePremultipliedBytes { bytes in
            @inline(__always) func texel(_ column: Int, _ row: Int) -> SIMD4<Float> {
                guard column >= 0, column < width, row >= 0, row < height else { return .zero }
                let i = (row * width + column) * 4
                return LinearLight.pixel(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
            }
            if case let .row(x, y, count) = samples, x == x.rounded(), (y - 0.5) == (y - 0.5).rounded() {
                // Pixel centres on pixel centres: a straight copy of the part of one row
                // that lies on the image, clear around it.
                out.update(repeating: .zero)
                let row = height - 1 - Int(y - 0.5), start = Int(x)
                guard row >= 0, row < height else { return }
                let first = max(0, -start), end = max(first, min(count, width - start))
                guard end > first, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                LinearLight.decode(base + (row * width + start + first) * 4, count: end - first, into: out.baseAddress! + first)
                return
            }
            for i in 0..<samples.count {
                let p = samples.point(i)
                let fx = p.x - 0.5, fy = Double(height) - p.y - 0.5
                let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
                guard x0 > -2, y0 > -2, x0 < Double(width), y0 < Double(height) else { out[i] = .zero; continue }
                let tx = Float(fx - x0), ty = Float(fy - y0)
                let c = Int(x0), r = Int(y0)
                let top = texel(c, r) * (1 - tx) + texel(c + 1, r) * tx
                let bottom = texel(c, r + 1) * (1 - tx) + texel(c + 1, r + 1) * tx
                out[i] = top * (1 - ty) + bottom * ty
            }
        }
    }
}
