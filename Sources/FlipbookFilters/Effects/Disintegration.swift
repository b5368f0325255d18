import Foundation
import FlipbookGraphics

/// `CIDisintegrateWithMaskTransition`, as Apple's output (iOS 13.3) shows it. A point turns
/// to the target once the mask's linear luminance there has fallen below the time: the
/// darkest parts of the mask go first, white last, each with a sharp edge (a mid-grey of
/// linear 0.5, sRGB 188, switches at half time).
///
/// The target is shaded where it has appeared: a shadow over all of it, and a deeper one
/// where the mask is just below the time — the ground beside the source still standing,
/// which reads as a soft fringe along the edges that the mask draws gradually and none
/// along the edges it draws sharply. In linear light the shadow takes away
/// `shadowDensity` × (0.13 + 0.416 · ramp) of the target, the ramp rising from 0 to 1 as
/// the mask goes from `shadowRadius` × 0.00305 below the time up to it. The source still
/// standing is lit 12 % brighter. `shadowOffset` moves the shadow: it is read at the mask
/// point the offset away.
///
/// Measured on Apple's frame at t 0.502 (1500 × 1500, radius 30, density 1, offset 0):
/// the switch at mask sRGB 188 ± 2; white target 240 everywhere away from the edge (linear
/// × 0.871); along a gradual edge the target falls linearly with the mask from 240 at linear
/// mask 0.41 to 185 at the switch (linear × 0.485); the source ×1.12 in linear (sRGB × 1.055).
/// The overall shadow and the light are known at that one time only; they are scaled by
/// 4t(1 − t) here, full at half time and none at the ends, so that time 0 is the source
/// and time 1 the target exactly.
struct Disintegration: Sendable {
    /// Switching is this soft, in linear mask luminance (Apple's edge is one pixel).
    private static let edge: Float = 0.004
    private let time: Float
    /// The mask luminance below which the target shows fully: from 0 at time 0 to just
    /// past white at time 1.
    private let threshold: Float
    private let density: Float, band: Float
    private let shadowOffset: SIMD2<Double>
    /// The shadow over all the target, the fringe's deepest beyond it and the source's
    /// light, at this time.
    private let overall: Float, fringe: Float, light: Float

    init(shadowRadius: Double, shadowDensity: Double, shadowOffset: CGPoint, time: Double) {
        self.time = Float(time)
        threshold = Float(time) * (1 + Self.edge)
        density = Float(shadowDensity)
        band = Float(max(shadowRadius, 0.001) * 0.00305)
        self.shadowOffset = SIMD2(Double(shadowOffset.x), Double(shadowOffset.y))
        let bump = Float(4 * time * (1 - time))
        overall = 0.13 * bump
        fringe = 0.416 * bump
        light = 1 + 0.12 * bump
    }

    /// How much of the target shows where the mask is `mask`.
    @inline(__always)
    private func switched(_ mask: SIMD4<Float>) -> Float {
        min(max((threshold - min(max(mask.luminance, 0), 1)) / Self.edge, 0), 1)
    }

    /// How much light the target keeps where the shadow's mask point is `mask`.
    @inline(__always)
    private func lit(_ mask: SIMD4<Float>) -> Float {
        let below = time - mask.luminance
        guard below > 0 else { return 1 - density * overall }
        let ramp = max(0, 1 - below / band)
        return 1 - density * (overall + fringe * ramp)
    }

    func image(from source: CIImage, to target: CIImage, mask: CIImage) -> CIImage {
        let step = self
        let shadowMask = shadowOffset == .zero ? mask
            : mask.transformed(by: CGAffineTransform(translationX: CGFloat(-shadowOffset.x), y: CGFloat(-shadowOffset.y)))
        let inputs = [source.node, target.node, mask.node, shadowMask.node]
        let node = KernelNode(inputs: inputs, extent: source.extent.union(target.extent)) { samples, rows, out, _ in
            let a = rows[0], b = rows[1], m = rows[2], shadow = rows[3]
            for i in 0..<samples.count {
                let w = step.switched(m[i])
                if w <= 0 && step.light == 1 {
                    out[i] = a[i]
                    continue
                }
                let lit = step.lit(shadow[i])
                let from = a[i] * SIMD4(step.light, step.light, step.light, 1)
                let to = b[i] * SIMD4(lit, lit, lit, 1)
                out[i] = from + (to - from) * w
            }
        }
        return CIImage(node: node)
    }
}
