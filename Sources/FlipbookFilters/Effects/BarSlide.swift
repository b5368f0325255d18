import Foundation
import FlipbookGraphics

/// `CIBarsSwipeTransition`'s bars, as Apple's output (iOS 13.3) shows them. The source is
/// cut into bars `width` wide that run perpendicular to `angle` — counted along the angle's
/// direction from the corner of the source's extent lying farthest against it — and each
/// bar slides along its own length, towards the angle turned a quarter clockwise, the
/// target showing where it has left.
///
/// Bar j has slid s = τ² pixels, τ = max(0, t·D − barOffset·j): the bars accelerate, and
/// each starts `barOffset` later (in units of √pixels) than the one before, so even a
/// `barOffset` of 1 makes a steep staircase. D is the least pace at which every bar has
/// left the extent at time 1: the largest over the bars of √(longest chord of the bar
/// across the extent) + barOffset·j. Read off Apple's frame at t 0.607 (1500 × 1500 px,
/// angle 3, width 60, barOffset 1): the 22 bars measured slid 125, 149, 174.5 … 1037 px,
/// whose square roots rise by 1.00 a bar (a square law, barOffset √px a bar), bar
/// boundaries lie at whole widths from the corner farthest against the angle (± 0.3 px),
/// and the pace Apple used, 62.88, is the least pace rule's 62.93 within 0.1 %.
struct BarSlide: Sendable {
    private let bars: Sweep
    /// The direction a bar slides its source away from: samples are read from p + s · n.
    private let along: SIMD2<Double>
    private let width: Double, barOffset: Double, pace: Double
    private let source: CGRect

    init(source: CGRect, angle: Double, width: Double, barOffset: Double, time: Double) {
        self.source = source
        bars = Sweep(across: source, angle: angle)
        along = SIMD2(-sin(angle), cos(angle))
        (self.width, self.barOffset) = (width, barOffset)
        // (A whole number of bars within rounding: an angle of π leaves sin π ≈ 1e-16.)
        let count = Int(min((bars.length / width - 1e-9).rounded(.up), 100_000))
        let bars = self.bars, corners = bars.corners
        var least = 0.0
        for j in 0..<max(count, 1) {
            // The chord is linear between the corners, so its longest in a bar is at the
            // bar's sides or at a corner inside it.
            let start = bars.lower + Double(j) * width, end = min(start + width, bars.upper)
            let inside = corners.filter { $0 > start && $0 < end }
            let chord = ([start, end] + inside).map { bars.chord(at: $0, through: source) }.max() ?? 0
            least = max(least, chord.squareRoot() + barOffset * Double(j))
        }
        pace = time * least
    }

    /// How far bar `j` has slid.
    @inline(__always)
    func slide(ofBar j: Double) -> Double {
        let tau = max(0, pace - barOffset * j)
        return tau * tau
    }

    func image(from source: CIImage, to target: CIImage) -> CIImage {
        let slide = self
        let node = WarpNode(inputs: [source.node, target.node], extent: source.extent.union(target.extent)) { samples, points, weights in
            for i in 0..<samples.count {
                let p = samples.point(i)
                let bar = ((slide.bars.position(p) - slide.bars.lower) / slide.width).rounded(.down)
                let q = p + slide.along * slide.slide(ofBar: bar)
                points[0][i] = q
                points[1][i] = p
                weights[i] = slide.source.containsPoint(q) ? SIMD4(1, 0, 0, 1) : SIMD4(0, 1, 0, 1)
            }
        }
        return CIImage(node: node)
    }
}
