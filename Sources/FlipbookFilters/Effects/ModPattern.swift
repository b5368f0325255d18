import Foundation
import FlipbookGraphics
import CFlipbookKernels

/// `CIModTransition`'s holes, as Apple's Core Image makes them (iOS 13.3).
///
/// The plane is first squeezed across: a point `dx` to the right of `center` is moved to
/// 1.1738 · compression · (½ + (K + ½) · v / (K + |v|)) with v = dx / compression − ½ and
/// K = 1.3236390, so every x lands within (−1.32, 2.32) compressions of the centre (x runs
/// freely only within about a compression of it; far out, all of a row lands on one x).
/// The squeezed plane is turned by an angle that goes from π/4 at time 0 to `angle` at
/// time 1, divided by `radius` and shifted by `center` (in those units): a lattice with
/// one hole around each whole point. A point's distance L to its nearest lattice point,
/// doubled (0 … √2), is set against the holes' size ρ = 1.4730371 · time: the target
/// shows fully where L ≤ ρ · 16.5 / 17 and not at all where L ≥ ρ · 17.5 / 17, linearly
/// between (an edge ρ / 17 wide). At time 1 ρ · 16.5 / 17 > √2, so every point shows the
/// target; at time 0 every point shows the source.
///
/// With a small compression (1, say) the squeeze leaves only y, so the holes become
/// horizontal bands running the whole width, in the pairs of a turned lattice. The rule
/// is derived from the arguments Core Image's `CIModTransition` gives its kernel (a
/// public disassembly of Core Image shows them: the squeeze's constants, the turn, the
/// hole size 17 / (1.473 t) and offset −16.5) and from Apple's frame (centre (0, 0),
/// angle 3, radius 50, compression 1, t 0.5013, 1500 × 1500), which it reproduces at
/// 88 dB PSNR and SSIM 1.0000 (`bench/fidelity`). The kernel (`fb_mod_holes_row`) works in
/// single precision, as Apple's does.
struct ModPattern: Sendable {
    /// The squeeze's knee: v / (K + |v|) approaches 1 at K past its centre.
    private static let knee = 1.3236390
    /// How far a squeezed compression reaches, in compressions.
    private static let reach = 1.1738
    /// The holes' size at time 1, in doubled lattice distances.
    private static let fullSize = 1.4730371
    /// How many hole edges fit in a hole's size.
    private static let edges = 17.0

    private let center: SIMD2<Double>
    private let cos: Double, sin: Double
    private let radius: Double, compression: Double, time: Double

    init(center: CGPoint, angle: Double, radius: Double, compression: Double, time: Double) {
        self.center = SIMD2(Double(center.x), Double(center.y))
        let turn = Double.pi / 4 + time * (angle - Double.pi / 4)
        (cos, sin) = (Foundation.cos(turn), Foundation.sin(turn))
        (self.radius, self.compression, self.time) = (radius, compression, time)
    }

    /// How much of the target shows at each of `samples`: 0 (none) … 1 (all).
    func coverage(_ samples: Samples, into out: UnsafeMutableBufferPointer<Float>) {
        guard time > 0, time < 1 else { return out.update(repeating: time <= 0 ? 0 : 1) }
        if case let .row(x, y, count) = samples {
            var holes = row(x: x + 0.5, y: y)
            return fb_mod_holes_row(out.baseAddress!, &holes, count)
        }
        for i in 0..<samples.count { out[i] = coverage(at: samples.point(i)) }
    }

    /// How much of the target shows at `point`.
    func coverage(at point: SIMD2<Double>) -> Float {
        guard time > 0, time < 1 else { return time <= 0 ? 0 : 1 }
        var holes = row(x: point.x, y: point.y), value: Float = 0
        fb_mod_holes_row(&value, &holes, 1)
        return value
    }

    /// The kernel's description of the row at height `y` from its pixel whose centre lies
    /// at `x`, one pixel a step: the parts that depend on y only are worked out here, in
    /// double precision, and kept to their fractions.
    private func row(x: Double, y: Double) -> fb_mod_holes {
        let dy = y - center.y
        let a = center.x + dy * sin / radius, b = center.y + dy * cos / radius
        let squeeze = Self.reach * compression
        return fb_mod_holes(
            start: Float((x - center.x) / compression - 0.5), step: Float(1 / compression),
            middle: Float(squeeze / 2), spread: Float(squeeze * (Self.knee + 0.5)), knee: Float(Self.knee),
            row_a: Float(a - a.rounded()), row_b: Float(b - b.rounded()),
            along_a: Float(cos / radius), along_b: Float(-sin / radius),
            sharpness: Float(2 * Self.edges / (Self.fullSize * time)))
    }
}
