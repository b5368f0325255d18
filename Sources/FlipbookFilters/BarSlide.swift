import Foundation
import FlipbookGraphics

/// `CIBarsSwipeTransition`'s bars. The source is cut into bars `width` wide running along
/// `angle`; each slides away along it, the target showing where it has left. Every bar
/// starts `barOffset` later than the one before it (a staircase across the picture), and
/// by time 1 the last has left the source's extent.
struct BarSlide: Sendable {
    private let sweep: Sweep, across: Sweep
    private let width: Double, barOffset: Double, travel: Double, time: Double
    private let firstBar: Double
    private let source: CGRect

    init(source: CGRect, angle: Double, width: Double, barOffset: Double, time: Double) {
        self.source = source
        sweep = Sweep(across: source, angle: angle)
        across = Sweep(across: source, angle: angle + .pi / 2)
        (self.width, self.barOffset, self.time) = (width, barOffset, time)
        firstBar = (across.lower / width).rounded(.down)
        let bars = (across.upper / width).rounded(.up) - firstBar
        travel = sweep.length + barOffset * bars
    }

    func image(from source: CIImage, to target: CIImage) -> CIImage {
        let slide = self
        let node = WarpNode(inputs: [source.node, target.node], extent: source.extent.union(target.extent)) { samples, points, weights, _ in
            let d = slide.sweep.direction
            for i in 0..<samples.count {
                let p = samples.point(i)
                let bar = (slide.across.position(p) / slide.width).rounded(.down) - slide.firstBar
                let shift = max(0, slide.time * slide.travel - bar * slide.barOffset)
                let q = p - d * shift
                points[0][i] = q
                points[1][i] = p
                weights[i] = slide.source.containsPoint(q) ? SIMD4(1, 0, 0, 1) : SIMD4(0, 1, 0, 1)
            }
        }
        return CIImage(node: node)
    }
}
