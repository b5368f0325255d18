import Foundation
import FlipbookGraphics

/// Draws a `PageCurl`: at each point the page's front (the source, flat or on the curl) or
/// the target beneath, and over it the page's back where the page turns over it — the
/// backside image with the shading image added, clear where the backside has no pixels.
struct PageCurlNode: ImageNode {
    /// What shows at a point, from above.
    struct Look {
        /// The page's point whose front shows (nil: the target shows).
        var front: SIMD2<Double>?
        /// The page's point whose back lies on top, and the slope of the surface there
        /// along the curl's direction (0 flat, −1 upright).
        var back: (point: SIMD2<Double>, slope: Double)?
        /// How much of the target's light the page's shadow takes.
        var shadow: Float = 0
    }

    let source: any ImageNode, target: any ImageNode
    let backside: (any ImageNode)?, shading: (any ImageNode)?
    let curl: PageCurl
    let extent: CGRect

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        func ready(_ node: any ImageNode) -> any ImageNode { node.preparedForAnyPoint(near: rect, threads: threads) }
        return PageCurlNode(source: ready(source), target: ready(target), backside: backside.map(ready), shading: shading.map(ready),
                            curl: curl, extent: extent)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let count = samples.count
        let box = shading?.extent ?? .zero
        let centre = box.centre, half = box.halfSize, shaded = shading != nil
        scratch.withPoints(count) { fronts in
            scratch.withPoints(count) { backs in
                scratch.withPoints(count) { shades in
                    // Per point: x 1 where the front shows (2 once read as part of a row), y 1
                    // where the back lies on top, z the shadow on the target.
                    scratch.withColors(count) { looks in
                        var anyTarget = false, anyBack = false
                        for i in 0..<count {
                            let p = samples.point(i)
                            let look = curl.look(at: p)
                            fronts[i] = look.front ?? p
                            backs[i] = look.back?.point ?? p
                            if shaded { shades[i] = centre + curl.direction * (look.back?.slope ?? 0) * half }
                            looks[i] = SIMD4(look.front != nil ? 1 : 0, look.back != nil ? 1 : 0, look.shadow, 0)
                            anyTarget = anyTarget || look.front == nil
                            anyBack = anyBack || look.back != nil
                        }
                        out.update(repeating: .zero)
                        scratch.withColors(count) { colors in
                            if anyTarget {
                                // The target, with the page's shadow (black) laid over it.
                                target.render(samples, into: colors, scratch: scratch)
                                for i in 0..<count where looks[i].x == 0 {
                                    out[i] = colors[i] * (1 - looks[i].z) + SIMD4(0, 0, 0, looks[i].z)
                                }
                            }
                            // The page lying flat where it was (its front at the pixel's own
                            // centre, nothing on top) is read as rows; the rest point by point.
                            if let row = samples.pixelRow {
                                for i in 0..<count where looks[i].x == 1 && looks[i].y == 0 && fronts[i] == samples.point(i) {
                                    looks[i].x = 2
                                }
                                source.render(runsOf: row, where: { looks[$0].x == 2 }, into: out, scratch: scratch)
                            }
                            source.render(at: UnsafeBufferPointer(fronts), where: { looks[$0].x == 1 }, into: colors, scratch: scratch)
                            for i in 0..<count where looks[i].x == 1 { out[i] = colors[i] }
                            if anyBack { layBack(at: backs, shades, looks: looks, over: out, colors: colors, scratch: scratch) }
                        }
                    }
                }
            }
        }
    }

    /// The page's back at `backs` where `looks` has it on top (y 1), laid over `out`: the
    /// backside image (or the page seen through the paper, dimmed) with the shading image,
    /// read at `shades`, added where the backside has pixels. `colors` is scratch.
    private func layBack(at backs: UnsafeMutableBufferPointer<SIMD2<Double>>, _ shades: UnsafeMutableBufferPointer<SIMD2<Double>>,
                         looks: UnsafeMutableBufferPointer<SIMD4<Float>>, over out: UnsafeMutableBufferPointer<SIMD4<Float>>,
                         colors: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let onTop: (Int) -> Bool = { looks[$0].y == 1 }
        // The page's back, without a backside image: the page seen through the paper.
        let dim: Float = 0.75
        scratch.withColors(out.count) { back in
            if let backside {
                backside.render(at: UnsafeBufferPointer(backs), where: onTop, into: back, scratch: scratch)
            } else {
                source.render(at: UnsafeBufferPointer(backs), where: onTop, into: back, scratch: scratch)
                for i in 0..<out.count where onTop(i) { back[i] *= SIMD4(dim, dim, dim, 1) }
            }
            if let shading {
                shading.render(at: UnsafeBufferPointer(shades), where: onTop, into: colors, scratch: scratch)
                for i in 0..<out.count where onTop(i) { back[i] = (back[i] + colors[i] * back[i].w).cappedAtAlpha(back[i].w) }
            }
            for i in 0..<out.count where onTop(i) { out[i] = back[i].over(out[i]) }
        }
    }
}
