import Foundation
import FlipbookGraphics

/// `CIAccordionFoldTransition`'s folds. The picture — the source cross-fading into the
/// target, its box growing or shrinking from the source's to the target's — folds like an
/// accordion: above `bottomHeight` it is pleated into 2·`numberOfFolds` panels that tilt
/// up to 70° at half time and flatten again by the end, the pleated part squeezing down
/// towards the bottom as it folds. Panels facing away are darkened by `foldShadowAmount`.
struct AccordionFold: Sendable {
    private let from: CGRect, to: CGRect, box: CGRect
    private let bottomHeight: Double, panels: Double, shadow: Double, time: Double
    private let squeeze: Double, tilt: Double

    init(from: CGRect, to: CGRect, bottomHeight: Double, numberOfFolds: Double, foldShadowAmount: Double, time: Double) {
        (self.from, self.to, self.time) = (from, to, time)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(time) }
        box = CGRect(x: mix(from.minX, to.minX), y: mix(from.minY, to.minY),
                     width: mix(from.width, to.width), height: mix(from.height, to.height))
        self.bottomHeight = bottomHeight
        panels = 2 * numberOfFolds.rounded()
        shadow = foldShadowAmount
        let angle = 70 * Double.pi / 180 * sin(.pi * time)
        squeeze = cos(angle)
        tilt = sin(angle)
    }

    func image(from source: CIImage, to target: CIImage) -> CIImage {
        let fold = self
        let node = WarpNode(inputs: [source.node, target.node], extent: source.extent.union(target.extent)) { samples, points, weights, _ in
            for i in 0..<samples.count {
                let p = samples.point(i)
                guard let (q, light) = fold.unfolded(p) else {
                    points[0][i] = p; points[1][i] = p
                    weights[i] = .zero
                    continue
                }
                points[0][i] = fold.place(q, in: fold.from)
                points[1][i] = fold.place(q, in: fold.to)
                weights[i] = SIMD4(Float(1 - fold.time), Float(fold.time), 0, light)
            }
        }
        return CIImage(node: node)
    }

    /// Where on the flat picture (in the box) `p` shows, and its light; nil above the folds.
    private func unfolded(_ p: SIMD2<Double>) -> (SIMD2<Double>, Float)? {
        let base = Double(box.minY) + bottomHeight
        guard p.y >= base else { return (p, 1) }
        let height = Double(box.maxY) - base
        let y = (p.y - base) / squeeze
        guard y < height else { return nil }
        let panel = y / (height / panels)
        let within = panel - panel.rounded(.down)
        let away = Int(panel) % 2 == 1
        let light = 1 - shadow * tilt * (away ? 1 : 0.35 * within)
        return (SIMD2(p.x, base + y), Float(light))
    }

    /// The point of the box `q` maps to in `rect`.
    private func place(_ q: SIMD2<Double>, in rect: CGRect) -> SIMD2<Double> {
        let u = (q.x - Double(box.minX)) / max(Double(box.width), 1e-9), v = (q.y - Double(box.minY)) / max(Double(box.height), 1e-9)
        return SIMD2(Double(rect.minX) + u * Double(rect.width), Double(rect.minY) + v * Double(rect.height))
    }
}
