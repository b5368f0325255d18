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
