import CFlipbookKernels
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
    private let time: Double
    /// The page as the kernel (`fb_page_curl_look`) takes it; the measures below read it.
    let look: fb_page_curl

    init(page: CGRect, extent: CGRect, angle: Double, radius: Double, time: Double,
         shadow: (amount: Double, size: Double, extent: CGRect)? = nil) {
        (self.page, self.time) = (page, time)
        let sweep = Sweep(across: extent.isEmpty ? page : extent, angle: angle), radius = max(radius, 0.01)
        // The shadow extent measured along the cylinder's axis, if it bounds the shadow.
        let span = shadow.flatMap { shadow in
            shadow.extent.isEmpty || shadow.extent.isUnbounded ? nil : Sweep(across: shadow.extent, angle: angle + .pi / 2)
        }
        look = fb_page_curl(direction_x: sweep.direction.x, direction_y: sweep.direction.y, radius: radius,
                            fold: sweep.lower + time * (sweep.length + radius),
                            page_min_x: Double(page.minX), page_min_y: Double(page.minY), page_max_x: Double(page.maxX),
                            page_max_y: Double(page.maxY), shadow_amount: shadow?.amount ?? 0,
                            shadow_width: max((shadow?.size ?? 0) * radius * 0.61, 1),
                            shadow_bounded: span == nil ? 0 : 1, across_x: span?.direction.x ?? 0, across_y: span?.direction.y ?? 0,
                            across_lower: span?.lower ?? 0, across_upper: span?.upper ?? 0)
    }

    /// The direction the page turns towards (the angle's), in which the shading image is
    /// read.
    var direction: SIMD2<Double> { SIMD2(look.direction_x, look.direction_y) }
    private var radius: Double { look.radius }
    /// Where the page leaves the ground, measured along the direction.
    private var fold: Double { look.fold }
    private var shadowAmount: Double { look.shadow_amount }
    private var shadowWidth: Double { look.shadow_width }

    /// The page's point `p` moved to where it lies along the direction at `u`.
    @inline(__always)
    private func along(_ p: SIMD2<Double>, to u: Double) -> SIMD2<Double> { p + direction * (u - (p * direction).sum()) }

    /// The runs of the `count` pixels of a row from `x` rightwards at height `y` (their
    /// centres) that surely show the page lying flat at the pixel itself with nothing on it
    /// (0), the target without a shadow (1) or, when asked for (`turned`), the page lying
    /// turned over flat on top (2), and between them runs of other pixels (−1), in order.
    /// Along the row every measure is linear, so the kinds change only where the pixels
    /// cross the cylinder's sides, the shadow's end, the page's sides or the turned page's:
    /// a pixel each side of each crossing counts as other, and each stretch between them
    /// takes the kind of its middle pixel.
    func plainRuns(x: Double, y: Double, count: Int, turned: Bool, _ body: (Range<Int>, Int) -> Void) {
        let first = SIMD2(x + 0.5, y), step = SIMD2(1.0, 0)
        let halfTurn = Double.pi * radius, mirror = 2 * fold - halfTurn
        // Pixel i's measure along the direction, and where the turned page lying on it comes from.
        let u0 = (first * direction).sum(), du = direction.x
        let q0 = first + direction * (mirror - 2 * u0), dq = step - direction * (2 * du)
        // At most nine crossings, sorted as they come (on the stack: this runs once a row).
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 9) { sorted in
            var found = 0
            func cross(_ start: Double, _ slope: Double, _ value: Double) {
                guard slope != 0 else { return }
                let crossing = (value - start) / slope
                guard crossing > -2, crossing < Double(count) + 1 else { return }
                var k = found
                while k > 0, sorted[k - 1] > crossing {
                    sorted[k] = sorted[k - 1]
                    k -= 1
                }
                sorted[k] = crossing
                found += 1
            }
            for side in [fold, fold - radius, fold - radius - shadowWidth] { cross(u0, du, side) }
            cross(first.x, 1, Double(page.minX))
            cross(first.x, 1, Double(page.maxX))
            cross(q0.x, dq.x, Double(page.minX))
            cross(q0.x, dq.x, Double(page.maxX))
            cross(q0.y, dq.y, Double(page.minY))
            cross(q0.y, dq.y, Double(page.maxY))
            // The stretches clear of every crossing by more than a pixel, neighbours of one
            // kind joined.
            var pending = (run: 0..<0, kind: 0), next = 0
            func add(_ run: Range<Int>, _ kind: Int) {
                guard !run.isEmpty else { return }
                if pending.kind == kind, pending.run.upperBound == run.lowerBound {
                    pending.run = pending.run.lowerBound..<run.upperBound
                } else {
                    if !pending.run.isEmpty { body(pending.run, pending.kind) }
                    pending = (run, kind)
                }
            }
            for k in 0...found {
                let crossing = k < found ? sorted[k] : Double(count) + 1
                let end = max(next, min(count, Int((crossing - 1).rounded(.up))))
                let resume = min(count, max(next, Int((crossing + 1).rounded(.down)) + 1))
                if end > next {
                    let middle = first + step * Double((next + end) / 2)
                    add(next..<end, plainKind(at: middle, turned: turned))
                }
                add(end..<resume, -1)
                next = max(next, resume)
            }
            if !pending.run.isEmpty { body(pending.run, pending.kind) }
        }
    }

    /// 0 where the page lies flat at `p` with nothing on it, 1 where the target shows
    /// without a shadow, 2 (if `turned`, else −1) where the page lies turned over flat on
    /// top, −1 elsewhere: `fb_page_curl_look`'s tests, away from its edges.
    private func plainKind(at p: SIMD2<Double>, turned: Bool) -> Int {
        let u = (p * direction).sum()
        if u >= fold {
            if page.containsPoint(along(p, to: 2 * fold - u - Double.pi * radius)) { return turned ? 2 : -1 }
            return page.containsPoint(p) ? 0 : 1
        }
        if u >= fold - radius || (shadowAmount > 0 && fold - radius - u < shadowWidth) { return -1 }
        return 1
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
