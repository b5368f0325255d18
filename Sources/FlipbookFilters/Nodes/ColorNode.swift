import Foundation
import FlipbookGraphics

/// One colour everywhere (an infinite extent), premultiplied linear.
struct ColorNode: ImageNode {
    let color: SIMD4<Float>

    var extent: CGRect { .infinite }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode { self }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        out.update(repeating: color)
    }
}
