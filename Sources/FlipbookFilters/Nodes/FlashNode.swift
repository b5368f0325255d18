import Foundation
import FlipbookGraphics

/// `CIFlashTransition`'s picture: the source lit by the burst's light, faded to the target
/// after the threshold (`FlashBurst`). Where both pictures can, it renders straight in
/// 8-bit (`FlashRows`).
struct FlashNode: ImageNode {
    let from: any ImageNode, to: any ImageNode
    let burst: FlashBurst
    /// The burst's colour, premultiplied linear light.
    let flash: SIMD4<Float>

    var extent: CGRect { from.extent.union(to.extent) }

    /// `flash` exposed by no light and by full light (most of the picture takes one of them).
    var dark: SIMD4<Float> { FlashBurst.exposed(flash, light: 0) }
    var full: SIMD4<Float> { FlashBurst.exposed(flash, light: 1) }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        FlashNode(from: from.prepared(for: rect.region(within: from.extent), threads: threads),
                  to: to.prepared(for: rect.region(within: to.extent), threads: threads), burst: burst, flash: flash)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        guard burst.time > 0, burst.time < 1 else { return (burst.time <= 0 ? from : to).render(samples, into: out, scratch: scratch) }
        let (dark, full) = (self.dark, self.full)
        scratch.withColors(samples.count) { a in
            from.render(samples, into: a, scratch: scratch)
            scratch.withColors(samples.count) { b in
                to.render(samples, into: b, scratch: scratch)
                scratch.withScalars(samples.count) { light in
                    burst.light(samples, into: light)
                    for i in 0..<samples.count { out[i] = burst.pixel(a[i], b[i], light: light[i], flash: flash, dark: dark, full: full) }
                }
            }
        }
    }

    var byteRows: (any ByteRowSource)? {
        guard let from = from.byteRows, let to = to.byteRows else { return nil }
        return FlashRows(from: from, to: to, node: self)
    }
}
