import CFlipbookKernels
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
    let time: Double
    /// The rectangle the wave runs across, which the output covers too.
    let extent: CGRect
    /// The swell as the kernel (`fb_ripple_bend`) takes it, bent points kept nowhere and no
    /// shading image: its node sets those.
    let swell: fb_ripple

    init(center: CGPoint, extent: CGRect, width: Double, scale: Double, time: Double) {
        let center = SIMD2(Double(center.x), Double(center.y))
        (self.time, self.extent) = (time, extent)
        let farthest = extent.isEmpty ? 0 : extent.farthestCorner(from: center)
        let quarter = max(width, 1e-6) / 4
        let crest = -9 * quarter + time * (farthest + 9 * quarter) + 4.5 * quarter
        // Flat ground lies nearer than the swell's inner end or farther than its outer end,
        // which the squared distance tells without a square root.
        func squared(_ r: Double) -> Double { r > 0 ? r * r : -1 }
        swell = fb_ripple(center_x: center.x, center_y: center.y, crest: crest, quarter: quarter, scale: scale,
                          near2: squared(crest - 4.5 * quarter), crest2: squared(crest), far2: squared(crest + 4.5 * quarter),
                          low_x: -.infinity, low_y: -.infinity, high_x: .infinity, high_y: .infinity,
                          middle_x: 0, middle_y: 0, half_x: 0, half_y: 0)
    }

    /// The wave's slope at distance `r` from the centre: −1…1 (positive inside the crest,
    /// where the surface rises outwards), none beyond the swell.
    func slope(at r: Double) -> Double {
        withUnsafePointer(to: swell) { fb_ripple_slope($0, r) }
    }

    /// The runs of the `count` pixels of a row from `x` rightwards at height `y` whose
    /// centres surely lie on flat ground, with their side (0 outside the swell, 1 inside
    /// it), and between them the runs on the swell (−1), in order. The swell's ends are
    /// found along the row with square roots and the swell widened by a pixel each side, so
    /// rounding never counts a pixel on it as flat.
    func plainRuns(x: Double, y: Double, count: Int, _ body: (Range<Int>, Int) -> Void) {
        guard swell.far2 >= 0 else { return body(0..<count, 0) }
        let dy = y - swell.center_y, dy2 = dy * dy
        // The indices of the pixels whose centres lie less than `radius` from the centre
        // (horizontally), widened a pixel each side or narrowed, within the row.
        func within(_ radius: Double, widened: Bool) -> Range<Int> {
            let middle = swell.center_x - x - 0.5
            let low = widened ? (middle - radius).rounded(.down) - 1 : (middle - radius).rounded(.up) + 1
            let high = widened ? (middle + radius).rounded(.up) + 1 : (middle + radius).rounded(.down) - 1
            let first = max(low, 0), last = min(high, Double(count - 1))
            return first <= last ? Int(first)..<Int(last) + 1 : 0..<0
        }
        let outer = within(max(swell.far2 - dy2, 0).squareRoot(), widened: true)
        guard !outer.isEmpty else { return body(0..<count, 0) }
        let inner = swell.near2 - dy2 > 1 ? within((swell.near2 - dy2).squareRoot(), widened: false) : 0..<0
        func run(_ run: Range<Int>, _ side: Int) { if !run.isEmpty { body(run, side) } }
        run(0..<outer.lowerBound, 0)
        if inner.isEmpty {
            run(outer, -1)
        } else {
            run(outer.lowerBound..<inner.lowerBound, -1)
            run(inner, 1)
            run(inner.upperBound..<outer.upperBound, -1)
        }
        run(outer.upperBound..<count, 0)
    }

    func image(from source: CIImage, to target: CIImage, shading: CIImage?) -> CIImage {
        guard time > 0, time < 1 else { return time <= 0 ? source : target }
        return CIImage(node: RippleNode(source: source.node, target: target.node, shading: shading?.node, wave: self))
    }
}
