import Foundation

/// The pixel memory of a context's transparency layers that ended, kept transparent for
/// the next ones: a frame's groups draw into memory taken from here instead of memory the
/// system has to clear whole each time, and a layer that ends clears only the pixels it
/// drew. navidad's masks and mattes cleared 47 MB a frame through `calloc`.
final class LayerMemory {
    /// Memory of `capacity` bytes, all zero while it is spare.
    private final class Block {
        let bytes: UnsafeMutableRawPointer
        let capacity: Int

        init(capacity: Int) throws(GraphicsError) {
            bytes = try PixelMemory.allocate(bytes: capacity, zeroed: true)
            self.capacity = capacity
        }

        deinit { free(bytes) }
    }

    /// The blocks kept, smallest first.
    private var spare: [Block] = []
    /// How many blocks are kept: enough for the groups nested in one another that a frame
    /// ends one after the other.
    private static let kept = 4

    /// How many blocks are spare.
    var spareBlocks: Int { spare.count }

    /// A transparent buffer covering `bounds` of device space: in the smallest spare block
    /// that holds it, else in new memory. Throws when that cannot be had.
    func buffer(covering bounds: IntRect) throws(GraphicsError) -> PixelBuffer {
        let bytes = max(bounds.width * bounds.height * 4, 1)
        let block: Block
        if let index = spare.firstIndex(where: { $0.capacity >= bytes }) {
            block = spare.remove(at: index)
        } else {
            block = try Block(capacity: bytes)
        }
        return PixelBuffer(borrowing: block.bytes.assumingMemoryBound(to: UInt8.self), width: bounds.width, height: bounds.height,
                           bytesPerRow: bounds.width * 4, originX: bounds.x0, originY: bounds.y0, keeper: block)
    }

    /// Takes back the memory of `buffer`, made by `buffer(covering:)`, once its layer has
    /// ended, clearing the pixels of `drawn` (all it could have changed); nothing when
    /// something else still holds the buffer.
    func recycle(_ buffer: consuming PixelBuffer, drawn: IntRect) {
        guard isKnownUniquelyReferenced(&buffer), let block = buffer.keeper as? Block else { return }
        let region = drawn.intersection(buffer.bounds)
        if !region.isEmpty {
            if region.x0 == buffer.originX, region.width == buffer.width {
                memset(buffer.row(region.y0) + region.x0, 0, region.width * region.height * 4)
            } else {
                for y in region.y0..<region.y1 { memset(buffer.row(y) + region.x0, 0, region.width * 4) }
            }
        }
        let index = spare.firstIndex { $0.capacity >= block.capacity } ?? spare.count
        spare.insert(block, at: index)
        if spare.count > Self.kept { spare.removeFirst() }
    }
}
