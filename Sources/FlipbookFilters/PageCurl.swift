import Foundation
import FlipbookGraphics

/// `CIPageCurlTransition`'s page, as Apple's output (iOS 13.3) shows it. The page is the
/// whole source image. It is lifted from the side opposite `angle` and turned over in the
/// angle's direction around a cylinder of `radius` lying on it: along the direction d of
/// the angle, the page leaves the ground at the fold line u = u_f, the part behind it
/// wraps around the cylinder (a half turn, seen from above between u_f − radius and
/// u_f), and what lies beyond half the cylinder's circumference lies flat on top, turned
/// over: the page mirrored across u_f − π·radius/2. The fold runs from the near side of
/// `extent` at time 0 to `radius` past its far side at time 1 (u_f = near + t · (length +
/// radius)), so parts of a source larger than `extent` are lifted from the start, and the
/// turned page comes to lie beyond the extent: the output grows.
///
/// Where the page shows its back, the backside image lies on it at the page's own
/// coordinates (so the turn mirrors it), with the shading image, read at the surface's
/// slope (its centre facing up), added where it has pixels; where the backside has none
/// the paper is clear and the front of the curl below shows through. Without a backside
/// image the back is the page itself, dimmed. With a shadow, the lifted page casts a soft black shadow beyond the cylinder,
/// drawn under everything (so it darkens the target and reaches past the pictures): its
/// opacity is `shadowAmount` × ½ (1 − δ / W)^1.25 at δ beyond the cylinder's edge, W =
/// 0.61 × `shadowSize` × radius, times how much of `shadowExtent` (measured along the
/// cylinder's axis, its sides fading over W alike, ½ at the side itself) is there; the
/// output extent grows by W around the turned part and the part on the cylinder as it lay
/// on the ground (`extent(source:target:)`). Measured on Apple's frame (t 0.826, size 1,
/// amount 1, radius 400, shadow extent 500 × 500): the extent grows by 244 px; over white
/// 12, 92 and 191 px beyond the edge the shadow takes 45 %, 25 % and 9 % of the light;
/// below the pictures it is black at opacity 0.16, 0.075 and 0.02 at 20, 110 and 200 px
/// beneath the shadow extent.
///
/// Measured on Apple's two frames (angle 3, radius 400, 1500 × 1500 pictures): the target
/// begins where the cylinder does, at u = −63.8 at t 0.826 (extent 500 × 800) and 66 at
/// t 0.994 (500 × 500) — folds of 336 and 466, the rule's 336 and 467 — and the output
/// extent (−1117, 0, 2617, 1814) is the page mirrored across u −162 (the rule's −161).
struct PageCurl: Sendable {
    let page: CGRect
    /// The direction the page turns towards (the angle's), in which the shading image is
    /// read.
    let direction: SIMD2<Double>
    private let radius: Double
    /// Where the page leaves the ground, measured along the direction.
    private let fold: Double
    private let time: Double
    private let shadowAmount: Float, shadowWidth: Double
    /// The shadow extent measured along the cylinder's axis (nil: no shadow, or no bound).
    private let shadowSpan: Sweep?
    /// How the shadow's edges fall off: (1 − distance / width) to this power.
    private static let softness = 1.25

    init(page: CGRect, extent: CGRect, angle: Double, radius: Double, time: Double,
         shadow: (amount: Double, size: Double, extent: CGRect)? = nil) {
        self.page = page
        let sweep = Sweep(across: extent.isEmpty ? page : extent, angle: angle)
        direction = sweep.direction
        self.radius = max(radius, 0.01)
        self.time = time
        fold = sweep.lower + time * (sweep.length + self.radius)
        shadowAmount = Float(shadow?.amount ?? 0)
        shadowWidth = max((shadow?.size ?? 0) * self.radius * 0.61, 1)
        shadowSpan = shadow.flatMap { shadow in
            shadow.extent.isEmpty || shadow.extent.isUnbounded ? nil : Sweep(across: shadow.extent, angle: angle + .pi / 2)
        }
    }

    /// The page's point `p` moved to where it lies along the direction at `u`.
    @inline(__always)
    private func along(_ p: SIMD2<Double>, to u: Double) -> SIMD2<Double> { p + direction * (u - (p * direction).sum()) }

    /// What shows at `p`, from above.
    func look(at p: SIMD2<Double>) -> PageCurlNode.Look {
        let u = (p * direction).sum()
        var look = PageCurlNode.Look()
        let halfTurn = Double.pi * radius
        if u >= fold {
            // Turned over and lying flat on top, if the page reaches this far.
            let q = along(p, to: 2 * fold - u - halfTurn)
            if page.containsPoint(q) { look.back = (q, 0) }
            if page.containsPoint(p) { look.front = p }
        } else if u >= fold - radius {
            let phi = asin(min((fold - u) / radius, 1))
            let over = along(p, to: fold - radius * (.pi - phi))
            if page.containsPoint(over) { look.back = (over, -sin(phi)) }
            let under = along(p, to: fold - radius * phi)
            if page.containsPoint(under) { look.front = under }
        }
        if look.front == nil, shadowAmount > 0 {
            let beyond = fold - radius - u
            if beyond >= 0, beyond < shadowWidth {
                look.shadow = shadowAmount * Float(0.5 * pow(1 - beyond / shadowWidth, Self.softness) * shadowAcross(p))
            }
        }
        return look
    }

    /// How much of the shadow reaches `p` across the turn: 1 well within the shadow
    /// extent measured along the cylinder's axis, ½ at its sides, none `shadowWidth`
    /// beyond them. (Along the turn, the fall with distance from the cylinder shapes the
    /// shadow instead.)
    private func shadowAcross(_ p: SIMD2<Double>) -> Double {
        guard let span = shadowSpan else { return 1 }
        let v = span.position(p)
        let reach = max(-1, min(max(span.lower - v, v - span.upper) / shadowWidth, 1))
        return reach >= 0 ? 0.5 * pow(1 - reach, Self.softness) : 1 - 0.5 * pow(1 + reach, Self.softness)
    }

    /// Where the output can have pixels: the source and target, and the turned page; with
    /// a shadow, as far as Apple's reaches. Apple grows by the shadow's width W the box of
    /// the page's part on the cylinder where it lay on the ground (not where it is lifted
    /// to) and of the turned part, on every side: on its frame (extent 500 × 800, t 0.826,
    /// radius 400, W 244) the output's bottom is −244, W below the page's own, though the
    /// lifted page never reaches below 5 px.
    func extent(source: CGRect, target: CGRect) -> CGRect {
        guard time > 0, time < 1 else { return time <= 0 ? source : target }
        let corners = [SIMD2(Double(page.minX), Double(page.minY)), SIMD2(Double(page.maxX), Double(page.minY)),
                       SIMD2(Double(page.maxX), Double(page.maxY)), SIMD2(Double(page.minX), Double(page.maxY))]
        let mirror = fold - Double.pi * radius / 2, flat = fold - Double.pi * radius
        func point(_ p: SIMD2<Double>) -> CGRect { CGRect(x: p.x, y: p.y, width: 0, height: 0) }
        // Each corner where it lies seen from above: turned over, on the cylinder (either
        // side of it) or flat.
        var lifted = CGRect.null
        for corner in corners {
            let u = (corner * direction).sum()
            let placed = u < flat ? [along(corner, to: 2 * mirror - u)] : u < fold ? [along(corner, to: fold), along(corner, to: fold - radius)] : [corner]
            for p in placed { lifted = lifted.union(point(p)) }
        }
        let box = source.union(target).union(lifted)
        guard shadowAmount > 0 else { return box }
        // The shadow's caster: the turned part where it lies, and the part on the cylinder
        // where it lay — corners, and where the edges cross the cylinder's two sides (a
        // crossing of the far side also bounds the turned part, at the fold).
        var caster = CGRect.null
        for (k, a) in corners.enumerated() {
            let b = corners[(k + 1) % 4], ua = (a * direction).sum(), ub = (b * direction).sum()
            if ua < flat { caster = caster.union(point(along(a, to: 2 * mirror - ua))) } else if ua < fold { caster = caster.union(point(a)) }
            for side in [flat, fold] where (ua - side) * (ub - side) < 0 {
                let crossing = a + (b - a) * ((side - ua) / (ub - ua))
                caster = caster.union(point(crossing))
                if side == flat { caster = caster.union(point(along(crossing, to: fold))) }
            }
        }
        return caster.isNull ? box : box.union(caster.insetBy(dx: -shadowWidth, dy: -shadowWidth))
    }

    /// The transition from `source` to `target`, the page's back showing `backside`.
    func image(from source: CIImage, to target: CIImage, backside: CIImage?, shading: CIImage?) -> CIImage {
        guard time > 0, time < 1 else { return time <= 0 ? source : target }
        return CIImage(node: PageCurlNode(source: source.node, target: target.node, backside: backside?.node,
                                          shading: shading?.node, curl: self, extent: extent(source: source.extent, target: target.extent)))
    }
}
