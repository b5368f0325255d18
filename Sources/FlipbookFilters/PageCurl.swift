import Foundation
import FlipbookGraphics

/// `CIPageCurlTransition`'s page. The page (`extent`) lies flat; from its far edge along
/// `angle` it rolls over a cylinder of `radius` whose axis crosses the page square to the
/// angle. The fold line moves from the far edge (time 0, nothing curled) back past the
/// near edge (time 1, the page gone), so the page curls up and over, showing its back —
/// the backside image, or the page itself seen through the paper — above the part still
/// lying flat, and the target where the page has left. The cylinder is lit from above;
/// a shading image, when given, is read at the surface's normal (its centre facing up)
/// and multiplies that light on the curl.
/// With a shadow, the curl darkens the target beside it by `shadowAmount`, over
/// `shadowSize` of the radius, fading in and out with time.
struct PageCurl: Sendable {
    let page: CGRect
    private let sweep: Sweep
    private let radius: Double
    private let fold: Double
    private let shadowAmount: Float, shadowWidth: Double
    /// The part of the page's width that casts the shadow, across the direction.
    private let shadowSpan: Sweep?

    init(page: CGRect, angle: Double, radius: Double, time: Double,
         shadow: (amount: Double, size: Double, extent: CGRect)? = nil) {
        self.page = page
        sweep = Sweep(across: page, angle: angle)
        self.radius = radius
        fold = sweep.upper - time * (sweep.length + radius)
        shadowAmount = Float((shadow?.amount ?? 0) * sin(.pi * time))
        shadowWidth = max((shadow?.size ?? 0) * radius, 1)
        shadowSpan = shadow.flatMap { $0.extent.isEmpty ? nil : Sweep(across: $0.extent, angle: angle + .pi / 2) }
    }

    /// The transition from `source` to `target`, the page's back showing `backside`.
    func image(from source: CIImage, to target: CIImage, backside: CIImage?, shading: CIImage?) -> CIImage {
        let curl = self
        let back = backside?.node ?? source.node
        let backTint: Float = backside == nil ? 0.75 : 1
        let shadingBox = shading.map { $0.extent }
        let node = WarpNode(inputs: [source.node, back, target.node], shading: shading?.node,
                            extent: source.extent.union(target.extent)) { samples, points, weights, shade in
            for i in 0..<samples.count {
                let p = samples.point(i)
                let (layer, q, facing, up) = curl.layer(at: p)
                for k in 0..<points.count { points[k][i] = p }
                switch layer {
                case .front: points[0][i] = q; weights[i] = SIMD4(1, 0, 0, facing)
                case .back: points[1][i] = q; weights[i] = SIMD4(0, 1, 0, facing * backTint)
                case .target: weights[i] = SIMD4(0, 0, 1, 1 - curl.shadow(at: p))
                }
                if let box = shadingBox, layer != .target {
                    // The normal's tilt along the direction picks the shading image's point.
                    let tilt = (1 - up * up).squareRoot() * (layer == .back ? 1 : -1)
                    let centre = SIMD2(Double(box.midX), Double(box.midY))
                    points[3][i] = centre + curl.sweep.direction * tilt * SIMD2(Double(box.width), Double(box.height)) / 2
                    shade[i] = up < 1 ? 1 : 0
                }
            }
        }
        return CIImage(node: node)
    }

    private enum Layer { case front, back, target }

    /// What shows at `p`: the layer, where on the page, its brightness, and how much the
    /// surface there faces up (the normal's vertical part).
    private func layer(at p: SIMD2<Double>) -> (Layer, SIMD2<Double>, Float, Double) {
        let s = sweep.position(p), x = s - fold
        func onPage(_ u: Double) -> SIMD2<Double>? {
            let q = p + sweep.direction * (u - s)
            return page.containsPoint(q) ? q : nil
        }
        func lit(_ up: Double) -> Float { Float(0.45 + 0.55 * up) }
        if x < 0 {
            // The page folded back over lies on top; under it the page lies flat.
            if let q = onPage(2 * fold + .pi * radius - s) { return (.back, q, 1, 1) }
            if page.containsPoint(p) { return (.front, p, 1, 1) }
        } else if x <= radius {
            let angle = asin(min(x / radius, 1))
            if let q = onPage(fold + radius * (.pi - angle)) { return (.back, q, lit(cos(angle)), cos(angle)) }
            if let q = onPage(fold + radius * angle) { return (.front, q, lit(cos(angle)), cos(angle)) }
        }
        return (.target, p, 1, 1)
    }

    /// How much the curl darkens the target at `p`.
    private func shadow(at p: SIMD2<Double>) -> Float {
        guard shadowAmount > 0 else { return 0 }
        let beyond = sweep.position(p) - fold - radius
        guard beyond >= 0, beyond < shadowWidth else { return 0 }
        if let span = shadowSpan {
            let across = span.position(p)
            guard across >= span.lower, across <= span.upper else { return 0 }
        }
        return shadowAmount * Float(1 - beyond / shadowWidth)
    }
}
