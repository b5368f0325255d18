import Foundation

/// Row-sized buffers a render borrows and returns in last-in-first-out order: one per
/// thread, so rendering allocates only when a deeper recipe needs more rows than before.
final class Scratch {
    private let colors: Pool<SIMD4<Float>>, points: Pool<SIMD2<Double>>, scalars: Pool<Float>, bytes: Pool<UInt8>
    /// The most samples a row may have.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        colors = Pool(capacity: capacity)
        points = Pool(capacity: capacity)
        scalars = Pool(capacity: capacity)
        bytes = Pool(capacity: 4 * capacity)
    }

    /// Runs `body` with a colour row of `count` values (≤ capacity).
    func withColors<R>(_ count: Int, _ body: (UnsafeMutableBufferPointer<SIMD4<Float>>) -> R) -> R {
        colors.borrow(count, body)
    }

    /// Runs `body` with a row of `count` numbers (≤ capacity).
    func withScalars<R>(_ count: Int, _ body: (UnsafeMutableBufferPointer<Float>) -> R) -> R {
        scalars.borrow(count, body)
    }

    /// Runs `body` with a row of `count` points (≤ capacity).
    func withPoints<R>(_ count: Int, _ body: (UnsafeMutableBufferPointer<SIMD2<Double>>) -> R) -> R {
        points.borrow(count, body)
    }

    /// Runs `body` with room for `count` RGBA8 pixels (≤ capacity).
    func withPixelBytes<R>(_ count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> R) -> R {
        bytes.borrow(4 * count) { body($0.baseAddress!) }
    }

    /// Buffers of one element type, lent out in last-in-first-out order.
    private final class Pool<Element> {
        private var buffers: [UnsafeMutableBufferPointer<Element>] = []
        private var inUse = 0
        private let capacity: Int

        init(capacity: Int) { self.capacity = capacity }

        deinit { for buffer in buffers { buffer.deallocate() } }

        func borrow<R>(_ count: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
            if inUse == buffers.count { buffers.append(.allocate(capacity: max(capacity, 1))) }
            let buffer = buffers[inUse]
            inUse += 1
            defer { inUse -= 1 }
            return body(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
