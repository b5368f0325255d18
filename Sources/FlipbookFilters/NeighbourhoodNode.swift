import Foundation
import FlipbookGraphics

/// A step that reads its input around each point — the blurs. When prepared for a
/// region it renders the input as far around it as `reach` says into a raster, once, and
/// computes the region's pixels from that; rows then read the result.
struct NeighbourhoodNode: ImageNode {
    typealias Compute = @Sendable (_ source: Raster, _ region: CGRect, _ threads: Int) -> Raster
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
        let source = Raster(rendering: input.prepared(for: around, threads: threads), over: around, threads: threads)
        return RasterNode(raster: compute(source, region, threads))
    }

    /// Reached only when rendering without a context's preparation: prepares for the
    /// samples' bounds first.
    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for i in 0..<samples.count {
            low = pointwiseMin(low, samples.point(i))
            high = pointwiseMax(high, samples.point(i))
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
    /// columns, over `region`: a separable blur.
    func convolved(_ weights: [Float], over region: CGRect, threads: Int) -> Raster {
        let half = weights.count / 2
        // Along rows: the region's columns, all of this raster's rows.
        var across = Raster(clearOver: CGRect(x: region.minX, y: rect.minY, width: region.width, height: rect.height))
        let dx = Int(region.minX - rect.minX)
        across.fill(threads: threads) { column, row in
            var sum = SIMD4<Float>.zero
            for (k, w) in weights.enumerated() { sum += self[column + dx + k - half, row] * w }
            return sum
        }
        var result = Raster(clearOver: region)
        let dy = Int(region.minY - rect.minY)
        result.fill(threads: threads) { column, row in
            var sum = SIMD4<Float>.zero
            for (k, w) in weights.enumerated() { sum += across[column, row + dy + k - half] * w }
            return sum
        }
        return result
    }

    /// Over `region`, each pixel the average of this raster along the segment `segment`
    /// gives for its centre, sampled about once per pixel of length (at most 128 times).
    func averagedAlong(over region: CGRect, threads: Int,
                       segment: @Sendable (SIMD2<Double>) -> (from: SIMD2<Double>, to: SIMD2<Double>)) -> Raster {
        var result = Raster(clearOver: region)
        let origin = SIMD2(Double(region.minX) + 0.5, Double(region.minY) + 0.5)
        result.fill(threads: threads) { column, row in
            let (from, to) = segment(origin + SIMD2(Double(column), Double(row)))
            let length = ((to - from) * (to - from)).sum().squareRoot()
            let taps = min(128, Int(length.rounded(.up)) + 1)
            guard taps > 1 else { return self.sample(from) }
            var sum = SIMD4<Float>.zero
            for k in 0..<taps { sum += self.sample(from + (to - from) * (Double(k) / Double(taps - 1))) }
            return sum / Float(taps)
        }
        return result
    }

    /// Sets every pixel to `value(column, row)`, rows in bands on up to `threads` threads.
    mutating func fill(threads: Int, _ value: (Int, Int) -> SIMD4<Float>) {
        let (width, height) = (self.width, self.height)
        let bands = max(1, min(threads, height / 16))
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = UncheckedBuffer(buffer)
            withoutActuallyEscaping(value) { value in
                let work = UncheckedValue(value: value)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    for row in (height * band / bands)..<(height * (band + 1) / bands) {
                        for column in 0..<width { base.buffer[row * width + column] = work.value(column, row) }
                    }
                }
            }
        }
    }
}

/// A pixel function handed to band workers, which each call it for their own rows.
private struct UncheckedValue: @unchecked Sendable {
    let value: (Int, Int) -> SIMD4<Float>
}
