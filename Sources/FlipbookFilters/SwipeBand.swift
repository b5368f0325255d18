import Foundation
import FlipbookGraphics

/// The moving edges of `CISwipeTransition` and `CICopyMachineTransition`, crossing
/// `extent` along `angle` from time 0 (all source) to time 1 (all target).
///
/// Swipe: the target is revealed behind a soft edge `width` wide, tinted across the edge
/// by `color` at `opacity` (0: a plain soft wipe).
/// Copy machine: a bar of light `width` wide sweeps across; behind its centre lies the
/// target, and under it the picture is brightened by `color` times `opacity`.
struct SwipeBand: Sendable {
    enum Style: Sendable { case swipe, copier }

    private let sweep: Sweep
    private let style: Style
    private let width: Double, edge: Double
    private let color: SIMD4<Float>, opacity: Float
    /// A swipe's weight across its edge, `MixWeight.ramp`'s terms: 0 ahead of the edge, 1
    /// once it has passed.
    private let ramp: (gradient: SIMD2<Double>, offset: Double)

    init(_ style: Style, extent: CGRect, angle: Double, width: Double, color: CIColor, opacity: Double, time: Double) {
        sweep = Sweep(across: extent, angle: angle)
        (self.style, self.width, self.opacity) = (style, width, Float(opacity))
        self.color = color.working
        edge = switch style {
        case .swipe: sweep.lower + time * (sweep.length + width)
        case .copier: sweep.lower - width / 2 + time * (sweep.length + width)
        }
        ramp = (-sweep.direction / width, edge / width)
    }

    func image(from source: CIImage, to target: CIImage) -> CIImage {
        if style == .swipe, opacity == 0 {
            // A plain soft wipe is a mix, which renders straight in 8-bit where it can.
            return CIImage(node: MixNode(from: source.node, to: target.node, weight: .ramp(gradient: ramp.gradient, offset: ramp.offset)))
        }
        let band = self
        let node = KernelNode(inputs: [source.node, target.node], extent: source.extent.union(target.extent)) { samples, rows, out, _ in
            let a = rows[0], b = rows[1]
            for i in 0..<samples.count { out[i] = band.value(at: samples.point(i), a[i], b[i]) }
        }
        return CIImage(node: node)
    }

    @inline(__always)
    private func value(at p: SIMD2<Double>, _ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        switch style {
        case .swipe:
            let w = MixWeight.ramp(ramp.gradient, ramp.offset, at: p)
            if w == 0 { return a }
            if w == 1 { return b }
            let mixed = a + (b - a) * w
            return mixed + (color - mixed) * (opacity * 4 * w * (1 - w))
        case .copier:
            let s = sweep.position(p)
            let base = s < edge ? b : a
            let d = 2 * (s - edge) / width
            guard d > -1, d < 1 else { return base }
            var lit = base + color * (opacity * Float(1 - d * d) * base.w)
            lit = SIMD4(min(lit.x, base.w), min(lit.y, base.w), min(lit.z, base.w), base.w)
            return lit
        }
    }
}
