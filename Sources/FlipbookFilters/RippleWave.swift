import Foundation
import FlipbookGraphics

/// `CIRippleTransition`'s wave, as Apple's Core Image makes it (iOS 13.3): a single swell
/// 9 quarter `width`s across running out from `center`. Its inner end starts 9 quarter
/// widths inside the centre at time 0 and reaches the farthest corner of `extent` (at
/// distance D) at time 1, so the crest lies at −9w/4 + t·(D + 9w/4) + 9w/8. Inside the
/// crest lies the target, outside the source. The slope s (−1…1) bends the picture
/// radially: each point shows the picture `scale` × s pixels farther out (in on the outer
/// flank). The shading image is read at its centre moved by s times its half size along
/// the radius, and laid over the picture everywhere — flat ground takes its centre pixel —
/// as Apple does; at exactly time 0 and 1 the result is the source and the target
/// themselves.
///
/// The slope, at d quarter widths from the crest, is a cubic either side of its peak at
/// d = 1.5, where it is 1 and flat: (3y − y³) / 2 with y = d / 1.5 up to it, and
/// (1 − z)²(1 + 2z) with z = (d − 1.5) / 3 beyond it, 0 from d = 4.5 on. Derived from the
/// arguments CIRippleTransition gives its kernel (a public disassembly of Core Image shows
/// the start −9w/4, the run D + 9w/4, 4/w and ⅓) and from Apple's frame (t 0.698, centre
/// (0, 0), extent 500 × 500, width 500, scale 10, an 800 × 800 shading image): the offset at
/// which Apple reads its shading image, measured at every radius from 150 to 1290 px by
/// matching some hundreds of pixels at once to ⅛ px, lies within 0.4 px of this rule
/// wherever the match is sure.
struct RippleWave: Sendable {
    private let center: SIMD2<Double>
    /// A quarter of the wave's width: the unit the slope's profile is laid out in.
    private let quarter: Double
    private let scale: Double, crest: Double, time: Double
    /// The rectangle the wave runs across, which the output covers too.
    private let extent: CGRect

    init(center: CGPoint, extent: CGRect, width: Double, scale: Double, time: Double) {
        self.center = SIMD2(Double(center.x), Double(center.y))
        let farthest = extent.isEmpty ? 0 : extent.farthestCorner(from: self.center)
        quarter = max(width, 1e-6) / 4
        (self.scale, self.time, self.extent) = (scale, time, extent)
        crest = -9 * quarter + time * (farthest + 9 * quarter) + 4.5 * quarter
    }

    /// The wave's slope at distance `r` from the centre: −1…1 (positive inside the crest,
    /// where the surface rises outwards), none beyond the swell.
    func slope(at r: Double) -> Double {
        let d = abs(r - crest) / quarter
        guard d < 4.5 else { return 0 }
        let size: Double
        if d <= 1.5 {
            let y = d / 1.5
            size = (3 - y * y) * y / 2
        } else {
            let z = (d - 1.5) / 3
            size = (1 - z) * (1 - z) * (1 + 2 * z)
        }
        return r > crest ? -size : size
    }

    func image(from source: CIImage, to target: CIImage, shading: CIImage?) -> CIImage {
        guard time > 0, time < 1 else { return time <= 0 ? source : target }
        let wave = self
        // The shading image's centre and half size, where it is read along the slope.
        let box = shading?.extent ?? .zero
        let middle = box.centre, half = box.halfSize
        // Bent points stay on the pictures' pixels, so the wave never pulls in clear edges.
        let area = source.extent.union(target.extent).union(extent)
        let low = SIMD2(Double(area.minX) + 0.5, Double(area.minY) + 0.5)
        let high = SIMD2(max(Double(area.maxX) - 0.5, low.x), max(Double(area.maxY) - 0.5, low.y)), unbounded = area.isUnbounded
        let node = WarpNode(inputs: [source.node, target.node], shading: shading?.node,
                            extent: area) { samples, points, weights, shade in
            // Nearer the centre than the swell's inner end or beyond its outer end the ground
            // is flat, which the squared distance tells without a square root.
            let (near, far) = (wave.crest - 4.5 * wave.quarter, wave.crest + 4.5 * wave.quarter)
            let (near2, far2, crest2) = (near > 0 ? near * near : -1, far > 0 ? far * far : -1, wave.crest > 0 ? wave.crest * wave.crest : -1)
            for i in 0..<samples.count {
                let p = samples.point(i)
                let offset = p - wave.center
                let r2 = (offset * offset).sum()
                if r2 <= near2 || r2 >= far2 {
                    points[0][i] = p
                    points[1][i] = p
                    weights[i] = r2 < crest2 ? SIMD4(0, 1, 0, 1) : SIMD4(1, 0, 0, 1)
                    if points.count > 2 {
                        points[2][i] = middle
                        shade[i] = 1
                    }
                    continue
                }
                let r = r2.squareRoot()
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
