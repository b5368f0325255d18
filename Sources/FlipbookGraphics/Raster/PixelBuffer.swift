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
    private let ownsMemory: Bool

    /// Allocates a zeroed (transparent) buffer covering `bounds` of device space.
    convenience init(covering bounds: IntRect) {
        self.init(width: bounds.width, height: bounds.height, originX: bounds.x0, originY: bounds.y0)
    }

    /// Allocates a zeroed (transparent) buffer.
    init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        bytesPerRow = width * 4
        data = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytesPerRow * height, 1))
        data.initialize(repeating: 0, count: max(bytesPerRow * height, 1))
        ownsMemory = true
    }

    /// Wraps a caller's memory, which must outlive the buffer.
    init(borrowing data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.data = data
        originX = 0
        originY = 0
        ownsMemory = false
    }

    deinit { if ownsMemory { data.deallocate() } }

    var bounds: IntRect { IntRect(x0: originX, y0: originY, x1: originX + width, y1: originY + height) }

    /// The pixels of device row `y` as packed pixels, indexed by device x (valid for x in
    /// `bounds`).
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<PackedPixel> {
        UnsafeMutableRawPointer(data + (y - originY) * bytesPerRow).assumingMemoryBound(to: PackedPixel.self) - originX
    }
}
