@testable import FlipbookGraphics
import Foundation
import Testing

/// Memory the system cannot give is a thrown error, never a trap: bitmaps, contexts and
/// images say so, and a transparency layer without memory draws nothing and says so.
struct AllocationFailureTests {
    /// More bytes than any address space holds: the C allocator refuses at once.
    static let impossible = Int.max / 2

    @Test func pixelMemoryThrows() {
        #expect(throws: GraphicsError.outOfMemory(bytes: Self.impossible)) {
            try PixelMemory.allocate(bytes: Self.impossible, zeroed: true)
        }
        #expect(throws: GraphicsError.outOfMemory(bytes: Self.impossible)) {
            try PixelMemory.allocate(bytes: Self.impossible, zeroed: false)
        }
        #expect(GraphicsError.outOfMemory(bytes: 12).description == "out of memory: 12 bytes of pixels could not be allocated")
    }

    @Test func buffersAndImagesThrow() {
        #expect(throws: GraphicsError.self) { try PixelBuffer(width: Self.impossible / 8, height: 1) }
        #expect(throws: GraphicsError.self) { try ImageStorage(width: Self.impossible / 8, height: 1) { _ in } }
    }
}
