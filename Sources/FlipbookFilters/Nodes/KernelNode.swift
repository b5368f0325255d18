import Foundation
import FlipbookGraphics

/// A pointwise step: each output value is a function of the inputs' values at the same
/// point (and of the point itself). Inputs are rendered into scratch rows, so a chain of
/// kernels makes no intermediate image.
struct KernelNode: ImageNode {
    typealias Kernel = @Sendable (_ samples: Samples, _ inputs: UnsafeBufferPointer<UnsafeMutableBufferPointer<SIMD4<Float>>>,
                                  _ out: UnsafeMutableBufferPointer<SIMD4<Float>>, _ scratch: Scratch) -> Void
    let inputs: [any ImageNode]
    let extent: CGRect
    let kernel: Kernel

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        KernelNode(inputs: inputs.map { $0.prepared(for: rect.region(within: $0.extent), threads: threads) }, extent: extent, kernel: kernel)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        withUnsafeTemporaryAllocation(of: UnsafeMutableBufferPointer<SIMD4<Float>>.self, capacity: inputs.count) { rows in
            // Each input into a scratch row of its own, held until the kernel has run.
            func fill(_ index: Int) {
                guard index < inputs.count else { return kernel(samples, UnsafeBufferPointer(rows), out, scratch) }
                scratch.withColors(samples.count) { row in
                    inputs[index].render(samples, into: row, scratch: scratch)
                    rows[index] = row
                    fill(index + 1)
                }
            }
            fill(0)
        }
    }
}
