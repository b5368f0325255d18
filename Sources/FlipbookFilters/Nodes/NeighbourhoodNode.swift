import CFlipbookKernels
import Foundation
import FlipbookGraphics

/// A step that reads its input around each point — the blurs. When prepared for a
/// region it computes the region's pixels, once, from the input as far around it as
/// `reach` says (most steps render that into a raster first); rows then read the result.
struct NeighbourhoodNode: ImageNode {
    typealias Compute = @Sendable (_ source: Source, _ region: CGRect, _ threads: Int) -> Raster

    /// The input as the step reads it: prepared over `rect`, the region and as far around
    /// it as the step reaches (within the input's extent).
    struct Source {
        let node: any ImageNode
        let rect: CGRect

        /// The input rendered over `rect` into a raster.
        func raster(threads: Int) -> Raster { Raster(rendering: node, over: rect, threads: threads) }
    }

    let input: any ImageNode
    let extent: CGRect
    /// How far beyond a region the input is read.
    let reach: @Sendable (_ region: CGRect) -> CGFloat
    let compute: Compute

    /// A step reading at most `reach` around each point; its extent grows by as much.
    init(input: any ImageNode, reach: CGFloat, compute: @escaping Compute) {
        let e = input.extent
        self.init(input: input, extent: e.isUnbounded ? .infinite : e.insetBy(dx: -reach, dy: -reach), reach: { _ in reach },
                  compute: compute)
    }

    init(input: any ImageNode, extent: CGRect, reach: @escaping @Sendable (CGRect) -> CGFloat, compute: @escaping Compute) {
        (self.input, self.extent, self.reach, self.compute) = (input, extent, reach, compute)
    }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        let region = rect.region(within: extent).integral
        guard !region.isNull, !region.isEmpty, !region.isUnbounded else { return RasterNode(raster: Raster(clearOver: .zero)) }
        let around = region.region(within: input.extent, margin: reach(region)).integral
        return RasterNode(raster: compute(Source(node: input.prepared(for: around, threads: threads), rect: around), region, threads))
    }

    /// Reached only when rendering without a context's preparation: prepares for the
    /// samples' bounds first.
    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for i in 0..<samples.count {
            let p = samples.point(i)
            low = SIMD2(min(low.x, p.x), min(low.y, p.y))
            high = SIMD2(max(high.x, p.x), max(high.y, p.y))
        }
        guard low.x <= high.x, low.x.isFinite, high.x.isFinite, low.y.isFinite, high.y.isFinite else {
            return out.update(repeating: .zero)
        }
        let box = CGRect(x: low.x - 1, y: low.y - 1, width: high.x - low.x + 2, height: high.y - low.y + 2)
        prepared(for: box, threads: 1).render(samples, into: out, scratch: scratch)
    }
}

extension Raster {
    /// The raster convolved with `weights` (odd count, centred) along rows, then along
    /// columns, over `region`: a separable blur. Outside the raster counts as clear.
    func convolved(_ weights: [Float], over region: CGRect, threads: Int) -> Raster {
        let result = Raster(unwrittenOver: region)
        let (columns, width, height) = (result.width, self.width, self.height)
        let dx = Int(region.minX - rect.minX), dy = Int(region.minY - rect.minY)
        let (source, target) = (UncheckedSendable(pixels.baseAddress!), UncheckedSendable(result.pixels.baseAddress!))
        RowBands.split(rows: result.height, threads: threads) { band in
            fb_separable_band((target.value + band.lowerBound * columns).scalars, 4 * columns, columns, band.count,
                              UnsafePointer(source.value).scalars, 4 * width, width, height, dx, dy + band.lowerBound, weights, weights.count)
        }
        return result
    }

    /// Over `region`, each pixel the average of this raster along the segment `segment`
    /// gives for its centre, sampled about once per pixel of length (at most 128 times),
    /// each sample weighted by `weight` of its place along the segment (0 at its start, 1
    /// at its end) when one is given.
    func averagedAlong(over region: CGRect, threads: Int, weight: (@Sendable (Double) -> Float)? = nil,
                       segment: @Sendable (SIMD2<Double>) -> (from: SIMD2<Double>, to: SIMD2<Double>)) -> Raster {
        let result = Raster(clearOver: region)
        let origin = SIMD2(Double(region.minX) + 0.5, Double(region.minY) + 0.5)
        result.fillRows(threads: threads) { row, out in
            // The taps' weights depend only on how many there are: worked out again only
            // when that changes along the row.
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 128) { weights in
                var weighed = 0, total: Float = 0
                for column in 0..<out.count {
                    let (from, to) = segment(origin + SIMD2(Double(column), Double(row)))
                    let length = ((to - from) * (to - from)).sum().squareRoot()
                    let taps = min(128, Int(length.rounded(.up)) + 1)
                    guard taps > 1 else {
                        out[column] = sample(from)
                        continue
                    }
                    if taps != weighed {
                        total = 0
                        for k in 0..<taps {
                            weights[k] = weight?(Double(k) / Double(taps - 1)) ?? 1
                            total += weights[k]
                        }
                        weighed = taps
                    }
                    var sum = SIMD4<Float>.zero
                    for k in 0..<taps { sum += sample(from + (to - from) * (Double(k) / Double(taps - 1))) * weights[k] }
                    out[column] = sum / total
                }
            }
        }
        return result
    }

    /// Fills each row (from the bottom) through `fill`, rows in bands on up to `threads` threads.
    func fillRows(threads: Int, _ fill: (Int, UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
        let (width, height, base) = (self.width, self.height, UncheckedSendable(pixels.baseAddress!))
        RowBands.split(rows: height, threads: threads) { band in
            for row in band { fill(row, UnsafeMutableBufferPointer(start: base.value + row * width, count: width)) }
        }
    }
}
