import Foundation
import FlipbookGraphics

/// The moving edges of `CISwipeTransition` and `CICopyMachineTransition`, crossing
/// `extent` along `angle` from time 0 (all source) to time 1 (all target).
///
/// Swipe: the target is revealed behind a soft edge `width` wide, tinted across the edge
/// by `color` at `opacity` (0: a plain soft wipe). As Apple's (iOS 13.3): the mix runs
/// linearly across the edge, and the tint rises linearly to `opacity` at the edge's
/// middle and falls again — on Apple's frame (t 0.495, width 500, opacity 0.9) the mix
/// went from 0 at 35 px ahead of the extent's near side to 1 at 465 px behind it and the
/// tint, solved pixel by pixel in linear light, was a tent peaking at 0.87.
/// Copy machine, as Apple's output (iOS 13.3) shows it: a crisp edge sweeps across with
/// the target behind it, and the light of the copier falls on the target just behind the
/// edge — added to it, strongest at the edge (2 × `opacity`) and fading linearly to
/// nothing `width` behind, in a tint halfway between `color` and white (in sRGB). The
/// edge decelerates as a scanner's head does: it has gone sin(π t / 2) of the way from
/// the extent's near side to `width` past its far side. Measured on Apple's frame (t
/// 0.253, angle 3, width 100, extent 500 × 500, colour #ffa36b): the edge at 0.389 of that
/// way (sin gives 0.387), no light on the source, and over black the light falling
/// linearly from linear (0.60, 0.40, 0.28) 70 px behind the edge to 0 at 100 px.
struct SwipeBand: Sendable {
    enum Style: Sendable { case swipe, copier }

    private let sweep: Sweep
    private let style: Style
    private let width: Double, edge: Double
    private let color: SIMD4<Float>, opacity: Float
    /// The copier's light: halfway from its colour to white in sRGB, in linear light.
    private let tint: SIMD4<Float>
    /// A swipe's weight across its edge, `MixWeight.ramp`'s terms: 0 ahead of the edge, 1
    /// once it has passed.
    private let ramp: (gradient: SIMD2<Double>, offset: Double)

    init(_ style: Style, extent: CGRect, angle: Double, width: Double, color: CIColor, opacity: Double, time: Double) {
        sweep = Sweep(across: extent, angle: angle)
        (self.style, self.width, self.opacity) = (style, width, Float(opacity))
        self.color = color.working
        tint = CIColor(red: (color.red + 1) / 2, green: (color.green + 1) / 2, blue: (color.blue + 1) / 2).working
        edge = switch style {
        case .swipe: sweep.lower + time * (sweep.length + width)
        case .copier: sweep.lower + sin(.pi / 2 * time) * (sweep.length + width)
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
            return mixed + (color - mixed) * (opacity * 2 * min(w, 1 - w))
        case .copier:
            let behind = edge - sweep.position(p)
            guard behind > 0 else { return a }
            guard behind < width else { return b }
            let light = 2 * opacity * Float(1 - behind / width) * b.w
            return (b + tint * light).cappedAtAlpha(b.w)
        }
    }
}
