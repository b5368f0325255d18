import Foundation
import FlipbookGraphics

/// `CIRippleTransition`'s wave, as Apple's output (iOS 13.3) shows it: a single swell
/// reaching S = 2/√π × `width` either side of its crest (Apple's 564.2 px for width 500),
/// running out from `center` — its outer end at the centre at time 0, its inner end past
/// the farthest pixel centre of `extent` (at distance D) at time 1, so the crest lies at
/// −S + t·(D + 2S). Inside the crest lies the target, outside the source. The slope s (−1…1) bends the
/// picture radially: each point shows the picture `scale` × s pixels farther out (in on
/// the outer flank). The shading image is read at its centre moved by s times its half
/// size along the radius, and laid over the picture everywhere — flat ground takes its
/// centre pixel — as Apple does; at exactly time 0 and 1 the result is the source and the
/// target themselves.
///
/// The slope's profile is Apple's, measured (`profile`): on Apple's frame (t 0.698, centre
/// (0, 0), extent 500 × 500, width 500, scale 10, an 800 × 800 shading image) the offset
/// at which the shading image is read was found for every radius from 150 to 1290 in
/// steps of 2 px, each by matching 400 directions at once (to ¼ px). The offsets are
/// odd about a crest at r 716.6 (the rule gives 716.7), vanish quadratically at 564.2 px
/// either side, and peak at 399.75 of the 400 px half size a third of the way out: neither
/// a Gaussian (which falls too slowly at its ends) nor a polynomial swell fits them within
/// a few pixels, so the profile is their table, 0.4 px r.m.s. from every measurement.
struct RippleWave: Sendable {
    /// The slope's size on the outer flank at u = |r − crest| / S = 0, 1/64, …, 1 (the
    /// inner flank is its mirror image), read linearly between.
    private static let profile: [Double] = [
        0.0000, 0.0678, 0.1387, 0.2091, 0.2788, 0.3472, 0.4140, 0.4788, 0.5411, 0.6007, 0.6571, 0.7099, 0.7589, 0.8038,
        0.8445, 0.8808, 0.9124, 0.9392, 0.9610, 0.9776, 0.9891, 0.9959, 0.9983, 0.9965, 0.9909, 0.9817, 0.9694, 0.9542,
        0.9362, 0.9159, 0.8932, 0.8686, 0.8421, 0.8140, 0.7845, 0.7537, 0.7220, 0.6892, 0.6558, 0.6217, 0.5871, 0.5523,
        0.5172, 0.4821, 0.4471, 0.4124, 0.3781, 0.3443, 0.3113, 0.2791, 0.2479, 0.2178, 0.1890, 0.1617, 0.1359, 0.1118,
        0.0897, 0.0695, 0.0515, 0.0359, 0.0227, 0.0120, 0.0042, 0.0000, 0.0000,
    ]
    private let center: SIMD2<Double>
    /// How far the swell reaches either side of its crest (S).
    private let span: Double
    private let scale: Double, crest: Double, time: Double

    init(center: CGPoint, extent: CGRect, width: Double, scale: Double, time: Double) {
        self.center = SIMD2(Double(center.x), Double(center.y))
        // The farthest pixel centre: the farthest corner half a pixel in.
        let centres = extent.isEmpty || extent.isUnbounded ? extent : extent.insetBy(dx: 0.5, dy: 0.5)
        let farthest = centres.isEmpty ? 0 : centres.farthestCorner(from: self.center)
        span = max(width, 1e-6) * 2 / Double.pi.squareRoot()
        (self.scale, self.time) = (scale, time)
        crest = -span + time * (farthest + 2 * span)
    }

    /// The wave's slope at distance `r` from the centre: −1…1 (positive inside the crest,
    /// where the surface rises outwards), none beyond the swell.
    func slope(at r: Double) -> Double {
        let u = (r - crest) / span
        guard abs(u) < 1 else { return 0 }
        let position = abs(u) * Double(Self.profile.count - 1)
        let k = min(Int(position), Self.profile.count - 2), f = position - Double(k)
        let size = Self.profile[k] + (Self.profile[k + 1] - Self.profile[k]) * f
        return u > 0 ? -size : size
    }

    func image(from source: CIImage, to target: CIImage, shading: CIImage?) -> CIImage {
        guard time > 0, time < 1 else { return time <= 0 ? source : target }
        let wave = self
        // The shading image's centre and half size, where it is read along the slope.
        let box = shading?.extent ?? .zero
        let middle = box.centre, half = box.halfSize
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
