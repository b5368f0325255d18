import Foundation
import FlipbookGraphics

/// `CIAccordionFoldTransition`, as Apple's output (iOS 13.3) shows it: a picture unfolding
/// like an accordion from the source's height to the target's while the two cross-fade.
///
/// Both images keep their own size, bottoms on the output's bottom and centres on its
/// centre, and the output is the wider's width by the height interpolated from the
/// source's to the target's, its centre and bottom moving from the source's to the
/// target's (so each end is the picture where it lies; the arguments Core Image's filter
/// gives its kernels, shown by a public disassembly, move them so, and Apple's 1501-pixel
/// width on its frame is a 1500-pixel extent from x −125.75). Each image's top lies flat
/// at the output's top and its bottom `bottomHeight` flat at the bottom, as far as the
/// shorter image allows; the rest of each — the pleat, none of the shorter image —
/// spreads linearly over the band left between, the pleat's interpolated height. That band is folded into
/// 2 · `numberOfFolds` panels of equal height tilting back and forth in depth: a panel's
/// slope is the one a pleat as long as the taller image's folds to at the band's height,
/// and the creases farthest back narrow the picture in perspective from 1.5 widths away
/// (a zig-zag outline). Each panel is shaded from its lower crease up, by up to
/// `foldShadowAmount` × 0.54 × the panels' slope at its upper crease.
///
/// Measured on Apple's frame (1000 × 562 source, 1500 × 1500 target, bottomHeight 100,
/// 6 folds, shadow 1, t 0.497): output 1501 × 1029, height 562 + 0.497 × 938; the source
/// centred in it; target rows 0…460 at output rows 0…460 and its last 100 rows at
/// the last 100, its other 938 rows linearly over the 467 between; 12 panels of 38.9 px;
/// insets of 0 and 22 px alternating at the creases (22/750 of the half width, a pleat 78.2
/// long folded to 38.9 standing 67.8 deep, seen from 2250 px); each panel's light rising
/// from linear 0.53 under its upper crease to 0.98 at its lower.
struct AccordionFold: Sendable {
    private let from: CGRect, to: CGRect
    private let time: Double
    /// The output's centre x and bottom, the band's bottom height and the output's size.
    private let centerX: Double, bottom: Double, flatBottom: Double, width: Double, height: Double
    /// The pleat's height in each image and in the output.
    private let fromPleat: Double, toPleat: Double, pleat: Double
    private let panels: Double, depth: Double, viewer: Double, shade: Double

    init(from: CGRect, to: CGRect, bottomHeight: Double, numberOfFolds: Double, foldShadowAmount: Double, time: Double) {
        (self.from, self.to, self.time) = (from, to, time)
        centerX = Double(from.midX) + (Double(to.midX) - Double(from.midX)) * time
        width = Double(max(from.width, to.width))
        bottom = Double(from.minY) + (Double(to.minY) - Double(from.minY)) * time
        let (fromHeight, toHeight) = (Double(from.height), Double(to.height))
        flatBottom = min(max(bottomHeight, 0), min(fromHeight, toHeight))
        let flatTop = min(fromHeight, toHeight) - flatBottom
        fromPleat = fromHeight - flatTop - flatBottom
        toPleat = toHeight - flatTop - flatBottom
        pleat = fromPleat + (toPleat - fromPleat) * time
        height = flatTop + pleat + flatBottom
        panels = 2 * max(1, numberOfFolds.rounded())
        let panelLength = max(fromPleat, toPleat) / panels, panelHeight = pleat / panels
        depth = (max(0, panelLength * panelLength - panelHeight * panelHeight)).squareRoot()
        let slope = panelLength > 0 ? depth / panelLength : 0
        viewer = 1.5 * width
        shade = foldShadowAmount * 0.54 * slope
    }

    /// Where the output lies.
    var extent: CGRect { CGRect(x: centerX - width / 2, y: bottom, width: width, height: height) }

    func image(from source: CIImage, to target: CIImage) -> CIImage {
        let fold = self
        let node = WarpNode(inputs: [source.node, target.node], extent: extent) { samples, points, weights in
            for i in 0..<samples.count {
                let p = samples.point(i)
                guard let (v, scale, light) = fold.folded(p) else {
                    points[0][i] = p; points[1][i] = p
                    weights[i] = .zero
                    continue
                }
                let x = fold.centerX + (p.x - fold.centerX) / scale
                points[0][i] = fold.place(x, v, in: fold.from, pleat: fold.fromPleat)
                points[1][i] = fold.place(x, v, in: fold.to, pleat: fold.toPleat)
                weights[i] = SIMD4(Float(1 - fold.time), Float(fold.time), 0, light)
            }
        }
        return CIImage(node: node)
    }

    /// For a point of the output: its height above the bottom as a fraction-free position
    /// (the output's own height), the horizontal scale there and the light; nil outside.
    private func folded(_ p: SIMD2<Double>) -> (Double, Double, Float)? {
        let v = p.y - bottom
        guard v >= 0, v < height, abs(p.x - centerX) <= width / 2 else { return nil }
        guard pleat > 0, v >= flatBottom, v < flatBottom + pleat else { return (v, 1, 1) }
        let q = (v - flatBottom) / pleat * panels
        let e = q.truncatingRemainder(dividingBy: 2)
        let back = (e <= 1 ? e : 2 - e) * depth
        let within = q - q.rounded(.down)
        return (v, viewer / (viewer + back), Float(1 - shade * within))
    }

    /// The point of an image at `rect` (its pleat `imagePleat` tall) shown at output height
    /// `v` and centred x `x`.
    private func place(_ x: Double, _ v: Double, in rect: CGRect, pleat imagePleat: Double) -> SIMD2<Double> {
        let y: Double
        if v < flatBottom {
            y = v
        } else if v >= flatBottom + pleat {
            y = v - pleat + imagePleat
        } else {
            y = flatBottom + (v - flatBottom) / pleat * imagePleat
        }
        return SIMD2(x - centerX + Double(rect.midX), Double(rect.minY) + y)
    }
}
