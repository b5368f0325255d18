/// Premultiplied RGBA8 pixels in memory it owns or borrows from a caller.
final class PixelBuffer: @unchecked Sendable {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let data: UnsafeMutablePointer<UInt8>
    private let ownsMemory: Bool

    /// Allocates a zeroed (transparent) buffer.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
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
        ownsMemory = false
    }

    deinit { if ownsMemory { data.deallocate() } }

    var bounds: IntRect { IntRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// The pixels of row `y` as packed pixels.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<PackedPixel> {
        UnsafeMutableRawPointer(data + y * bytesPerRow).assumingMemoryBound(to: PackedPixel.self)
    }
}
