import Foundation
import FlipbookGraphics

/// Colour arithmetic on premultiplied linear RGBA, Core Image's working format.
extension SIMD4 where Scalar == Float {
    /// The colour divided by its alpha (clear stays clear).
    @inline(__always)
    var unpremultiplied: SIMD4<Float> { w > 0 ? SIMD4(x / w, y / w, z / w, w) : .zero }

    /// An unpremultiplied colour multiplied by its alpha.
    @inline(__always)
    var premultiplied: SIMD4<Float> { SIMD4(x * w, y * w, z * w, w) }

    /// Rec. 709 luminance of the colour channels.
    @inline(__always)
    var luminance: Float { 0.2126 * x + 0.7152 * y + 0.0722 * z }

    /// The colour with alpha `alpha` and each colour channel at most that (a premultiplied
    /// colour lightened past its alpha, brought back).
    @inline(__always)
    func cappedAtAlpha(_ alpha: Float) -> SIMD4<Float> { SIMD4(Swift.min(x, alpha), Swift.min(y, alpha), Swift.min(z, alpha), alpha) }

    /// The colour laid over `bottom` (source-over).
    @inline(__always)
    func over(_ bottom: SIMD4<Float>) -> SIMD4<Float> { self + bottom * (1 - w) }
}

// The standard library's generic SIMD clamped/pointwiseMin/pointwiseMax are specialised
// but not inlined: a call per pixel (22 % of a frame in a profile). These are scalar.
extension SIMD4 where Scalar == Float {
    /// The smaller of each pair of lanes.
    @inline(__always)
    func lanewiseMin(_ other: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(Swift.min(x, other.x), Swift.min(y, other.y), Swift.min(z, other.z), Swift.min(w, other.w))
    }

    /// The larger of each pair of lanes.
    @inline(__always)
    func lanewiseMax(_ other: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(Swift.max(x, other.x), Swift.max(y, other.y), Swift.max(z, other.z), Swift.max(w, other.w))
    }
}

extension SIMD2 where Scalar == Double {
    /// The point moved into the box from `low` to `high`.
    @inline(__always)
    func kept(within low: SIMD2<Double>, _ high: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(Swift.min(Swift.max(x, low.x), high.x), Swift.min(Swift.max(y, low.y), high.y))
    }
}

extension CIImage {
    /// Each pixel replaced by `transform` of its value: a pointwise step, fused with the
    /// steps around it.
    func mapped(_ transform: @escaping @Sendable (SIMD4<Float>) -> SIMD4<Float>) -> CIImage {
        CIImage(node: KernelNode(inputs: [node], extent: extent) { samples, rows, out, _ in
            let input = rows[0]
            for i in 0..<samples.count { out[i] = transform(input[i]) }
        })
    }

    /// Each pixel replaced by `transform` of its value and position.
    func mapped(_ transform: @escaping @Sendable (SIMD4<Float>, SIMD2<Double>) -> SIMD4<Float>) -> CIImage {
        CIImage(node: KernelNode(inputs: [node], extent: extent) { samples, rows, out, _ in
            let input = rows[0]
            for i in 0..<samples.count { out[i] = transform(input[i], samples.point(i)) }
        })
    }

    /// An image of infinite extent whose colour at each point is `color(point)`.
    static func generated(_ color: @escaping @Sendable (SIMD2<Double>) -> SIMD4<Float>) -> CIImage {
        CIImage(node: KernelNode(inputs: [], extent: .infinite) { samples, _, out, _ in
            for i in 0..<samples.count { out[i] = color(samples.point(i)) }
        })
    }

    /// This image and `other` combined point by point.
    func combined(with other: CIImage, extent: CGRect,
                  _ combine: @escaping @Sendable (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) -> CIImage {
        CIImage(node: KernelNode(inputs: [node, other.node], extent: extent) { samples, rows, out, _ in
            let a = rows[0], b = rows[1]
            for i in 0..<samples.count { out[i] = combine(a[i], b[i]) }
        })
    }
}
