import Foundation
import FlipbookGraphics

/// Two images mixed point by point in linear light: the input where the weight is 0, the
/// target where it is 1, `a + (b − a) · w` between. Dissolves, soft wipes and Mod's holes
/// are mixes; so their recipes can render straight in 8-bit (`MixRows`).
struct MixNode: ImageNode {
    let from: any ImageNode, to: any ImageNode
    let weight: MixWeight

    var extent: CGRect { from.extent.union(to.extent) }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        MixNode(from: from.prepared(for: rect.region(within: from.extent), threads: threads),
                to: to.prepared(for: rect.region(within: to.extent), threads: threads), weight: weight)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let count = samples.count
        scratch.withColors(count) { a in
            from.render(samples, into: a, scratch: scratch)
            scratch.withColors(count) { b in
                to.render(samples, into: b, scratch: scratch)
                scratch.withScalars(count) { w in
                    weight.weights(samples, into: w)
                    for i in 0..<count { out[i] = Self.mix(a[i], b[i], w[i]) }
                }
            }
        }
    }

    /// `a` and `b` mixed by `w`; each exactly itself at 0 and 1.
    @inline(__always)
    static func mix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ w: Float) -> SIMD4<Float> {
        w <= 0 ? a : w >= 1 ? b : a + (b - a) * w
    }

    var byteRows: (any ByteRowSource)? {
        guard let from = from.byteRows, let to = to.byteRows else { return nil }
        return MixRows(from: from, to: to, weight: weight)
    }
}
