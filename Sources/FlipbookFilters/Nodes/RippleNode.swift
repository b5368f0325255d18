import CFlipbookKernels
import Foundation
import FlipbookGraphics

/// Draws a `RippleWave`: flat ground shows the source or the target at its own pixels,
/// under the shading image's centre pixel; the swell shows them bent along the radius
/// (`fb_ripple_bend`), under the shading image's pixel along the slope. Where both pictures
/// can, it renders straight in 8-bit (`SplicedRows`), copying the flat ground.
struct RippleNode: ImageNode {
    let source: any ImageNode, target: any ImageNode
    let shading: (any ImageNode)?
    let wave: RippleWave
    /// The shading image's centre pixel, laid over flat ground: set once prepared.
    private let overlay: SIMD4<Float>?

    init(source: any ImageNode, target: any ImageNode, shading: (any ImageNode)?, wave: RippleWave, overlay: SIMD4<Float>? = nil) {
        (self.source, self.target, self.shading, self.wave, self.overlay) = (source, target, shading, wave, overlay)
    }

    /// The wave with its box and shading image, as the kernel takes it: bent points stay on
    /// the pictures' pixels, so the wave never pulls in clear edges.
    private var swell: fb_ripple {
        var swell = wave.swell
        let area = extent
        if !area.isUnbounded {
            (swell.low_x, swell.low_y) = (Double(area.minX) + 0.5, Double(area.minY) + 0.5)
            (swell.high_x, swell.high_y) = (max(Double(area.maxX) - 0.5, swell.low_x), max(Double(area.maxY) - 0.5, swell.low_y))
        }
        if let box = shading?.extent {
            (swell.middle_x, swell.middle_y) = (box.centre.x, box.centre.y)
            (swell.half_x, swell.half_y) = (box.halfSize.x, box.halfSize.y)
        }
        return swell
    }

    var extent: CGRect { source.extent.union(target.extent).union(wave.extent) }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        func ready(_ node: any ImageNode) -> any ImageNode { node.preparedForAnyPoint(near: rect, threads: threads) }
        let shading = self.shading.map(ready)
        let overlay = shading.map { shading in
            let scratch = Scratch(capacity: 1)
            return scratch.withColors(1) { colour in
                withUnsafePointer(to: shading.extent.centre) { centre in
                    shading.render(.points(UnsafeBufferPointer(start: centre, count: 1)), into: colour, scratch: scratch)
                }
                return colour[0]
            }
        }
        return RippleNode(source: ready(source), target: ready(target), shading: shading, wave: wave, overlay: overlay)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        forEachRun(of: samples, scratch: scratch) { place, run, row, points, shades in
            draw(place, row: row, at: points, shades: shades, into: UnsafeMutableBufferPointer(rebasing: out[run]), scratch: scratch)
        }
    }

    /// Without a shading image, each run encoded by its picture: flat ground as a row, the
    /// swell at its bent points (from the bytes where a picture has them). A row over two
    /// images goes straight from their bytes in one kernel (`fb_ripple_encode`) as far as
    /// it can.
    func encode(_ samples: Samples, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        guard shading == nil else { return renderEncoded(samples, into: out, scratch: scratch) }
        if let (column, row, count) = samples.pixelRow, let from = source as? BitmapNode, let to = target as? BitmapNode {
            let wave = swell
            let done = from.withPicture { source in
                to.withPicture { target in
                    withUnsafePointer(to: wave) {
                        fb_ripple_encode(out, $0, column, row, count, source, target, LinearLight.decodeValues, LinearLight.encodeCodes)
                    }
                }
            }
            guard done < count else { return }
            return encodeRuns(of: .pixels(column: column + done, row: row, count: count - done), into: out + 4 * done, scratch: scratch)
        }
        encodeRuns(of: samples, into: out, scratch: scratch)
    }

    /// The samples encoded run by run, each by its picture.
    private func encodeRuns(of samples: Samples, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        forEachRun(of: samples, scratch: scratch) { place, run, row, points, _ in
            let input = Int(place) % 2 == 0 ? source : target, bytes = out + 4 * run.lowerBound
            if let row, place < 2 {
                input.encode(.pixels(column: row.column, row: row.row, count: run.count), into: bytes, scratch: scratch)
            } else {
                input.encode(.points(UnsafeBufferPointer(rebasing: points)), into: bytes, scratch: scratch)
            }
        }
    }

    /// Calls `body` with each run of the samples of one place (`fb_ripple_bend`'s), in
    /// order: the place, the run, where the samples are a row of pixels the run's first
    /// pixel, and where the pictures and the shading image (if any) are read for it.
    private func forEachRun(of samples: Samples, scratch: Scratch,
                            _ body: (Float, Range<Int>, (column: Int, row: Int)?, Slice<UnsafeMutableBufferPointer<SIMD2<Double>>>,
                                     Slice<UnsafeMutableBufferPointer<SIMD2<Double>>>?) -> Void) {
        let count = samples.count
        samples.withPoints(scratch) { given in
            scratch.withScalars(count) { places in
                scratch.withPoints(count) { points in
                    // Without a shading image, no shading points.
                    scratch.withPoints(shading == nil ? 0 : count) { shades in
                        withUnsafePointer(to: swell) {
                            fb_ripple_bend($0, given.baseAddress!.scalars, count, places.baseAddress!, points.baseAddress!.scalars,
                                           shading == nil ? nil : shades.baseAddress!.scalars)
                        }
                        places.forEachRun { run, place in
                            let row = samples.pixelRow.map { ($0.column + run.lowerBound, $0.row) }
                            body(place, run, row, points[run], shading == nil ? nil : shades[run])
                        }
                    }
                }
            }
        }
    }

    /// A run of pixels of one `place` (`fb_ripple_bend`'s): the swell's, and flat ground's
    /// when the samples are not a row of pixels, read at `points` under the shading image
    /// read at `shades`; flat ground of a row read as a row from (column, row), under the
    /// shading image's centre.
    private func draw(_ place: Float, row: (column: Int, row: Int)?, at points: Slice<UnsafeMutableBufferPointer<SIMD2<Double>>>,
                      shades: Slice<UnsafeMutableBufferPointer<SIMD2<Double>>>?, into out: UnsafeMutableBufferPointer<SIMD4<Float>>,
                      scratch: Scratch) {
        let input = Int(place) % 2 == 0 ? source : target
        if let row, place < 2 {
            input.render(.pixels(column: row.column, row: row.row, count: out.count), into: out, scratch: scratch)
            if let overlay { for i in out.indices { out[i] = overlay.over(out[i]) } }
            return
        }
        input.render(.points(UnsafeBufferPointer(rebasing: points)), into: out, scratch: scratch)
        guard let shading, let shades else { return }
        scratch.withColors(out.count) { colors in
            shading.render(.points(UnsafeBufferPointer(rebasing: shades)), into: colors, scratch: scratch)
            for i in out.indices { out[i] = colors[i].over(out[i]) }
        }
    }

    var byteRows: (any ByteRowSource)? {
        guard let from = source.byteRows, let to = target.byteRows else { return nil }
        let wave = self.wave
        return SplicedRows(node: self, inputs: [from, to], overlay: overlay) { x, y, count, body in wave.plainRuns(x: x, y: y, count: count, body) }
    }
}
