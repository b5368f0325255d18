import Foundation
import FlipbookGraphics

/// The input's edge pixels repeated outward for ever (`clampedToExtent()`).
struct ClampNode: ImageNode {
    let input: any ImageNode
    let rect: CGRect

    var extent: CGRect { .infinite }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode { ClampNode(input: input.prepared(for: self.rect, threads: threads), rect: self.rect) }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        // Points are pulled to the centres of the edge pixels.
        let low = SIMD2(Double(rect.minX) + 0.5, Double(rect.minY) + 0.5)
        let high = SIMD2(max(Double(rect.maxX) - 0.5, low.x), max(Double(rect.maxY) - 0.5, low.y))
        input.render(mapping: samples, through: { $0.kept(within: low, high) }, into: out, scratch: scratch)
    }
}
