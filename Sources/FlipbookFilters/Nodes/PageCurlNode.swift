import CFlipbookKernels
import Foundation
import FlipbookGraphics

/// Draws a `PageCurl`: at each point the page's front (the source, flat or on the curl) or
/// the target beneath, with the page's shadow, and over it the page's back where the page
/// turns over it — the backside image with the shading image added, clear where the
/// backside has no pixels. What shows where comes from `fb_page_curl_look`; the pixels are
/// drawn by runs of one kind. Where both pictures can, it renders straight in 8-bit
/// (`SplicedRows`), copying the flat page and the bare target.
struct PageCurlNode: ImageNode {
    let source: any ImageNode, target: any ImageNode
    let backside: (any ImageNode)?, shading: (any ImageNode)?
    let curl: PageCurl
    let extent: CGRect
    /// The page's back without a backside image is the page seen through the paper: its
    /// colour times this.
    static let dim: Float = 0.75

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        func ready(_ node: any ImageNode) -> any ImageNode { node.preparedForAnyPoint(near: rect, threads: threads) }
        return PageCurlNode(source: ready(source), target: ready(target), backside: backside.map(ready), shading: shading.map(ready),
                            curl: curl, extent: extent)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let count = samples.count
        samples.withPoints(scratch) { points in
            scratch.withScalars(count) { kinds in
                scratch.withScalars(count) { slopes in
                    scratch.withScalars(count) { shadows in
                        scratch.withPoints(count) { fronts in
                            scratch.withPoints(count) { backs in
                                withUnsafePointer(to: curl.look) {
                                    fb_page_curl_look($0, points.baseAddress!.scalars, count, kinds.baseAddress!, fronts.baseAddress!.scalars,
                                                      backs.baseAddress!.scalars, slopes.baseAddress!, shadows.baseAddress!)
                                }
                                kinds.forEachRun { run, kind in
                                    let row = samples.pixelRow.map { ($0.column + run.lowerBound, $0.row) }
                                    draw(Int(kind), row: row, at: points[run], fronts: fronts[run], backs: backs[run], slopes: slopes[run],
                                         shadows: shadows[run], into: UnsafeMutableBufferPointer(rebasing: out[run]), scratch: scratch)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A run of pixels of one `kind` (`fb_page_curl_look`'s): the front where it shows — as
    /// a row from (column, row) where it lies flat on a row of pixels — else the target
    /// with the shadow; and the back over it where it lies on top (only the back where that
    /// is opaque throughout: what lies beneath would not show).
    private func draw(_ kind: Int, row: (column: Int, row: Int)?, at points: Slice<UnsafeBufferPointer<SIMD2<Double>>>,
                      fronts: Slice<UnsafeMutableBufferPointer<SIMD2<Double>>>, backs: Slice<UnsafeMutableBufferPointer<SIMD2<Double>>>,
                      slopes: Slice<UnsafeMutableBufferPointer<Float>>, shadows: Slice<UnsafeMutableBufferPointer<Float>>,
                      into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        func beneath(into out: UnsafeMutableBufferPointer<SIMD4<Float>>) {
            let input = kind & 3 != 0 ? source : target
            if let row, kind & 2 == 0 {
                input.render(.pixels(column: row.column, row: row.row, count: out.count), into: out, scratch: scratch)
            } else {
                let ground = kind & 2 != 0 ? UnsafeBufferPointer(rebasing: fronts) : UnsafeBufferPointer(rebasing: points)
                input.render(.points(ground), into: out, scratch: scratch)
            }
            if kind & 3 == 0 {
                for (i, shadow) in zip(out.indices, shadows) where shadow > 0 { out[i] = out[i] * (1 - shadow) + SIMD4(0, 0, 0, shadow) }
            }
        }
        guard kind & 4 != 0 else { return beneath(into: out) }
        // The back straight into `out`; an opaque back covers what is beneath (back +
        // beneath · 0 is the back).
        renderBack(at: UnsafeBufferPointer(rebasing: backs), slopes: UnsafeBufferPointer(rebasing: slopes), into: out, scratch: scratch)
        guard fb_opaque_run(out.baseAddress!.scalars, out.count) < out.count else { return }
        scratch.withColors(out.count) { below in
            beneath(into: below)
            for i in out.indices { out[i] = out[i].over(below[i]) }
        }
    }

    /// The page's back at `backs` into `back`: the backside image (or the page seen through
    /// the paper, dimmed) with the shading image, read along the direction at the surface's
    /// slope from its centre, added where the backside has pixels.
    private func renderBack(at backs: UnsafeBufferPointer<SIMD2<Double>>, slopes: UnsafeBufferPointer<Float>,
                            into back: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let count = back.count
        if let backside {
            backside.render(.points(backs), into: back, scratch: scratch)
        } else {
            source.render(.points(backs), into: back, scratch: scratch)
            let dim = Self.dim
            for i in 0..<count { back[i] *= SIMD4(dim, dim, dim, 1) }
        }
        guard let shading else { return }
        let box = shading.extent, centre = box.centre, half = box.halfSize
        scratch.withPoints(count) { shades in
            for i in 0..<count { shades[i] = centre + curl.direction * Double(slopes[i]) * half }
            scratch.withColors(count) { colors in
                shading.render(.points(UnsafeBufferPointer(shades)), into: colors, scratch: scratch)
                for i in 0..<count { back[i] = (back[i] + colors[i] * back[i].w).cappedAtAlpha(back[i].w) }
            }
        }
    }

    /// The flat page and the bare target copied; with nothing but the paper on the page's
    /// back and an image as the page, the page lying turned over on top straight from the
    /// image's bytes too (`TurnedPageRows`).
    var byteRows: (any ByteRowSource)? {
        guard let from = source.byteRows, let to = target.byteRows else { return nil }
        let curl = self.curl
        guard backside == nil, shading == nil, let page = source as? BitmapNode else {
            return SplicedRows(node: self, inputs: [from, to], overlay: nil) { x, y, count, body in
                curl.plainRuns(x: x, y: y, count: count, turned: false, body)
            }
        }
        let turned = TurnedPageRows(page: page, curl: curl, node: self)
        return SplicedRows(node: self, inputs: [from, to, turned], overlay: nil) { x, y, count, body in
            curl.plainRuns(x: x, y: y, count: count, turned: true, body)
        }
    }
}
