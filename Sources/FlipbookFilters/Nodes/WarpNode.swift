import Foundation
import FlipbookGraphics

/// A step that reads its inputs at points it chooses and adds them up with weights it
/// chooses, per output point: folds, sliding bars, a vignette's lens. For each row of
/// samples, `warp` fills one point row per input and a weight row — `x`, `y`, `z` weigh
/// inputs 0, 1, 2; `w` scales the colour (not the alpha) of the sum. Each input is rendered
/// only at the points that weigh it; runs of pixels that show one input whole at their own
/// centres (flat ground) are read as rows of it.
struct WarpNode: ImageNode {
    typealias Warp = @Sendable (_ samples: Samples, _ points: UnsafeBufferPointer<UnsafeMutableBufferPointer<SIMD2<Double>>>,
                                _ weights: UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    /// At most three.
    let inputs: [any ImageNode]
    let extent: CGRect
    let warp: Warp

    init(inputs: [any ImageNode], extent: CGRect, warp: @escaping Warp) {
        precondition(inputs.count <= 3, "a warp weighs at most three inputs")
        (self.inputs, self.extent, self.warp) = (inputs, extent, warp)
    }

    /// A warp may read its inputs anywhere.
    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        func ready(_ node: any ImageNode) -> any ImageNode { node.preparedForAnyPoint(near: rect, threads: threads) }
        return WarpNode(inputs: inputs.map(ready), extent: extent, warp: warp)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let count = samples.count, rows = inputs.count
        scratch.withColors(count) { weights in
            withUnsafeTemporaryAllocation(of: UnsafeMutableBufferPointer<SIMD2<Double>>.self, capacity: rows) { points in
                // A point row per input, held until the sum is made.
                func fill(_ index: Int) {
                    guard index < rows else { return blend(samples, UnsafeBufferPointer(points), weights, out, scratch) }
                    scratch.withPoints(count) { row in
                        points[index] = row
                        fill(index + 1)
                    }
                }
                fill(0)
            }
        }
    }

    private func blend(_ samples: Samples, _ points: UnsafeBufferPointer<UnsafeMutableBufferPointer<SIMD2<Double>>>,
                       _ weights: UnsafeMutableBufferPointer<SIMD4<Float>>, _ out: UnsafeMutableBufferPointer<SIMD4<Float>>,
                       _ scratch: Scratch) {
        let count = samples.count
        warp(samples, points, weights)
        out.update(repeating: .zero)
        scratch.withScalars(count) { plain in
            markPlain(samples, points, weights, plain: plain)
            // Runs that show one input whole at their own centres, read as rows of it.
            if let row = samples.pixelRow {
                plain.forEachRun { run, k in
                    guard k >= 0 else { return }
                    inputs[Int(k)].render(.pixels(column: row.column + run.lowerBound, row: row.row, count: run.count),
                                          into: UnsafeMutableBufferPointer(rebasing: out[run]), scratch: scratch)
                }
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { indices in
                // The other pixels, and of those the ones each input weighs.
                var others = 0
                for i in 0..<count where plain[i] < 0 {
                    indices[others] = i
                    others += 1
                }
                let picked = UnsafeMutableBufferPointer(rebasing: indices[count...])
                scratch.withColors(count) { colors in
                    scratch.withPoints(count) { at in
                        for (k, input) in inputs.enumerated() {
                            var n = 0
                            for j in 0..<others {
                                let i = indices[j]
                                if Self.weight(weights[i], k) != 0 {
                                    (picked[n], at[n]) = (i, points[k][i])
                                    n += 1
                                }
                            }
                            guard n > 0 else { continue }
                            input.render(.points(UnsafeBufferPointer(rebasing: at[..<n])), into: UnsafeMutableBufferPointer(rebasing: colors[..<n]),
                                         scratch: scratch)
                            for m in 0..<n { out[picked[m]] += colors[m] * Self.weight(weights[picked[m]], k) }
                        }
                    }
                    for j in 0..<others where weights[indices[j]].w != 1 {
                        let w = weights[indices[j]].w
                        out[indices[j]] *= SIMD4(w, w, w, 1)
                    }
                }
            }
        }
    }

    /// Input `k`'s weight in `w`.
    @inline(__always)
    private static func weight(_ w: SIMD4<Float>, _ k: Int) -> Float { k == 0 ? w.x : k == 1 ? w.y : w.z }

    /// Marks in `plain` the pixels of a row that show one input whole at their own centres
    /// (its weight 1, the others' 0, read at the pixel's centre) with that input's index,
    /// the rest with −1: the flat ground of an accordion.
    private func markPlain(_ samples: Samples, _ points: UnsafeBufferPointer<UnsafeMutableBufferPointer<SIMD2<Double>>>,
                           _ weights: UnsafeMutableBufferPointer<SIMD4<Float>>, plain: UnsafeMutableBufferPointer<Float>) {
        plain.update(repeating: -1)
        guard let row = samples.pixelRow else { return }
        let y = Double(row.row) + 0.5, x = Double(row.column) + 0.5
        for i in 0..<row.count {
            let w = weights[i]
            guard w.w == 1 else { continue }
            let k = w.x == 1 && w.y == 0 && w.z == 0 ? 0 : w.x == 0 && w.y == 1 && w.z == 0 ? 1 : w.x == 0 && w.y == 0 && w.z == 1 ? 2 : -1
            guard k >= 0, k < inputs.count else { continue }
            let p = points[k][i]
            if p.y == y, p.x == x + Double(i) { plain[i] = Float(k) }
        }
    }
}
