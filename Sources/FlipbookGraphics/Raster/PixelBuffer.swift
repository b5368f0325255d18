import Foundation

/// Premultiplied RGBA8 pixels in memory it owns or borrows from a caller.
final class PixelBuffer: @unchecked Sendable {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let data: UnsafeMutablePointer<UInt8>
    /// The device pixel of the buffer's first pixel: a buffer can cover part of a larger
    /// device space (transparency layers cover only where drawing can show).
    let originX: Int
    let originY: Int
    private(set) var ownsMemory: Bool
    /// What keeps borrowed memory alive while the buffer draws in it (a context's spare
    /// layer memory).
    let keeper: AnyObject?

    /// Allocates a zeroed (transparent) buffer covering `bounds` of device space.
    convenience init(covering bounds: IntRect) throws(GraphicsError) {
        try self.init(width: bounds.width, height: bounds.height, originX: bounds.x0, originY: bounds.y0)
    }

    /// Allocates a zeroed (transparent) buffer; throws when the memory cannot be had.
    init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) throws(GraphicsError) {
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        bytesPerRow = width * 4
        data = try PixelMemory.allocate(bytes: bytesPerRow * height, zeroed: true).assumingMemoryBound(to: UInt8.self)
        ownsMemory = true
        keeper = nil
    }

    /// A buffer of no pixels, which drawing cannot reach: what a transparency layer draws
    /// into when its memory cannot be had.
    static let empty = PixelBuffer(borrowing: UnsafeMutablePointer<UInt8>.allocate(capacity: 4), width: 0, height: 0, bytesPerRow: 0)

    /// Wraps a caller's memory, which must outlive the buffer unless `keeper` keeps it.
    init(borrowing data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int,
         originX: Int = 0, originY: Int = 0, keeper: AnyObject? = nil) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.data = data
        self.originX = originX
        self.originY = originY
        self.keeper = keeper
        ownsMemory = false
    }

    deinit { if ownsMemory { free(data) } }

    /// Hands the pixel memory to the caller, who frees it with `free`; the buffer keeps
    /// pointing at it but no longer owns it. `nil` unless the buffer owns tightly packed
    /// memory.
    func takePixels() -> UnsafeMutablePointer<PackedPixel>? {
        guard ownsMemory, bytesPerRow == width * 4 else { return nil }
        ownsMemory = false
        return UnsafeMutableRawPointer(data).assumingMemoryBound(to: PackedPixel.self)
    }

    var bounds: IntRect { IntRect(x0: originX, y0: originY, x1: originX + width, y1: originY + height) }

    /// The pixels of device row `y` as packed pixels, indexed by device x (valid for x in
    /// `bounds`).
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<PackedPixel> {
        UnsafeMutableRawPointer(data + (y - originY) * bytesPerRow).assumingMemoryBound(to: PackedPixel.self) - originX
    }
}

/// Pixel memory from the C allocator: `calloc` gives zeroed memory without writing pages
/// the system already hands out zeroed, which matters for frame-sized buffers.
enum PixelMemory {
    /// At least one byte; throws `GraphicsError.outOfMemory` when the system has none to
    /// give.
    static func allocate(bytes: Int, zeroed: Bool) throws(GraphicsError) -> UnsafeMutableRawPointer {
        let count = max(bytes, 1)
        guard let memory = zeroed ? calloc(count, 1) : malloc(count) else { throw .outOfMemory(bytes: count) }
        return memory
    }
}
