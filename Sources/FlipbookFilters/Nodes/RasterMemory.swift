import Foundation
import Synchronization

/// The memory under a raster's pixels, kept for the next raster when this one is done. A
/// blur over a 1080p frame renders its input and its result into rasters of 33 MB each,
/// and fresh memory arrives from the system one page fault at a time — on a 1-thread blur
/// a fifth of the frame's time. Freed blocks wait here (at most four, 512 MB in all; freed
/// by `CIContext.clearCaches()`) and a new raster takes the smallest that holds it; its
/// pixels start unwritten.
final class RasterMemory: Sendable {
    private struct Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<SIMD4<Float>>
        let capacity: Int
    }

    private static let waiting = Mutex<[Block]>([])
    private static let kept = 4, keptBytes = 512 << 20

    private let block: Block

    /// Room for `count` pixels.
    init(count: Int) {
        let reused = Self.waiting.withLock { blocks -> Block? in
            guard let k = blocks.indices.filter({ blocks[$0].capacity >= count }).min(by: { blocks[$0].capacity < blocks[$1].capacity })
            else { return nil }
            return blocks.remove(at: k)
        }
        block = reused ?? Block(base: .allocate(capacity: max(count, 1)), capacity: max(count, 1))
    }

    deinit {
        let block = self.block
        let dropped = Self.waiting.withLock { blocks -> [Block] in
            blocks.append(block)
            var dropped: [Block] = []
            // Keep the largest: they are the ones a fresh allocation costs most for.
            blocks.sort { $0.capacity > $1.capacity }
            while blocks.count > Self.kept || blocks.reduce(0, { $0 + $1.capacity * 16 }) > Self.keptBytes {
                dropped.append(blocks.removeLast())
            }
            return dropped
        }
        for old in dropped { old.base.deallocate() }
    }

    /// The pixels.
    var pixels: UnsafeMutablePointer<SIMD4<Float>> { block.base }

    /// Frees the blocks waiting for reuse (`CIContext.clearCaches()`).
    static func releaseWaiting() {
        let blocks = waiting.withLock { blocks in
            defer { blocks.removeAll() }
            return blocks
        }
        for block in blocks { block.base.deallocate() }
    }
}
