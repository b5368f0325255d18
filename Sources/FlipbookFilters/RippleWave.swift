import Foundation
import FlipbookGraphics

/// `CIRippleTransition`'s wave, as Apple's output (iOS 13.3) shows it: a single swell
/// with a Gaussian profile of deviation `width` / 2.6 running out from `center` — from
/// three deviations inside the centre at time 0 until it is three deviations past the
/// farthest corner of `extent` at time 1. Inside its crest lies the target, outside the
/// source. The slope s (−1…1, its steepest one deviation from the crest) bends the
/// picture radially: each point shows the picture `scale` × s pixels farther out (in on
/// the wave's outer flank). The shading image is read at its centre moved by s times its
/// half size along the radius, and laid over the picture everywhere — flat ground takes
/// its centre pixel — as Apple does; at exactly time 0 and 1 the result is the source
/// and the target themselves.
///
/// Measured on Apple's frame (t 0.698, centre (0, 0), extent 500 × 500, width 500, scale
/// 10, an 800 × 800 shading image): along the 45° diagonal the shading is read at offsets
/// (49 points from r 200 to 1250) that a Gaussian slope fits with its crest at r 717, a
/// deviation of 192 px and peaks of ±398 px (of the 400 px half size), 14 px r.m.s.; the
/// rule gives 722, 192 and 400. Flat ground inside r 166 and past r 1270 is the shading's
/// centre pixel; the source is read 10 px in at the outer flank's steepest. (A
/// (1 − x²)⁵ swell fits the offsets closer, 8 px, but matches Apple's picture less well.)
struct RippleWave: Sendable {
    private let center: SIMD2<Double>
    private let deviation: Double, scale: Double, crest: Double, time: Double

    init(center: CGPoint, extent: CGRect, width: Double, scale: Double, time: Double) {
        self.center = SIMD2(Double(center.x), Double(center.y))
        let reach = extent.farthestCorner(from: self.center)
        deviation = max(width, 1e-6) / 2.6
        (self.scale, self.time) = (scale, time)
        crest = -3 * deviation + time * (reach + 6 * deviation)
    }

    /// The wave's slope at distance `r` from the centre: −1…1, none beyond three deviations.
    func slope(at r: Double) -> Double {
        let x = (r - crest) / deviation
        guard abs(x) < 3 else { return 0 }
        return -x * exp(0.5 - x * x / 2)
    }

    func image(from source: CIImage, to target: CIImage, shading: CIImage?) -> CIImage {
        guard time > 0, time < 1 else { return time <= 0 ? source : target }
        let wave = self
        // The shading image's centre and half size, where it is read along the slope.
        let box = shading?.extent ?? .zero
        let middle = SIMD2(Double(box.midX), Double(box.midY)), half = SIMD2(Double(box.width), Double(box.height)) / 2
        // Bent points stay on the pictures' pixels, so the wave never pulls in clear edges.
        let area = source.extent.union(target.extent)
        let low = SIMD2(Double(area.minX) + 0.5, Double(area.minY) + 0.5)
        let high = SIMD2(max(Double(area.maxX) - 0.5, low.x), max(Double(area.maxY) - 0.5, low.y)), unbounded = area.isUnbounded
        let node = WarpNode(inputs: [source.node, target.node], shading: shading?.node,
                            extent: area) { samples, points, weights, shade in
            for i in 0..<samples.count {
                let p = samples.point(i)
                let offset = p - wave.center
                let r = (offset * offset).sum().squareRoot()
                let outward = r > 0 ? offset / r : .zero
                let s = wave.slope(at: r)
                let bent = p + outward * (wave.scale * s)
                let q = unbounded ? bent : bent.kept(within: low, high)
                points[0][i] = q
                points[1][i] = q
                weights[i] = r < wave.crest ? SIMD4(0, 1, 0, 1) : SIMD4(1, 0, 0, 1)
                if points.count > 2 {
                    points[2][i] = middle + outward * s * half
                    shade[i] = 1
                }
            }
        }
        return CIImage(node: node)
    }
}
