@testable import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// A context keeps the memory of transparency layers that ended for the next ones, and a
/// layer always starts transparent, as `beginTransparencyLayer` promises, whatever the
/// layer before it drew there.
struct LayerMemoryTests {
    @Test func aLayerStartsTransparentInMemoryAnotherLayerDrewIn() throws {
        let context = try CGContext(width: 40, height: 40)
        // A layer over the whole context, painted red all over.
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        context.endTransparencyLayer()
        #expect(context.layerMemory.spareBlocks == 1, "its memory kept")
        context.clear(CGRect(x: 0, y: 0, width: 40, height: 40))
        // A narrower layer in the same memory: half-transparent blue shows over nothing.
        context.saveGState()
        context.clip(to: CGRect(x: 20, y: 0, width: 20, height: 40))
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        context.fill(CGRect(x: 24, y: 4, width: 8, height: 30))
        context.endTransparencyLayer()
        context.restoreGState()
        let image = try #require(context.makeImage())
        #expect(image.pixel(28, 20) == [0, 0, 128, 128] && image.pixel(28, 2) == [0, 0, 0, 0] && image.pixel(10, 20) == [0, 0, 0, 0],
                "\(image.pixel(28, 20)) \(image.pixel(28, 2))")
        #expect(context.layerMemory.spareBlocks == 1, "the same memory again")
    }

    @Test func onlyTheLargestFewBlocksAreKept() throws {
        let memory = LayerMemory()
        var buffers = try (1...6).map { try memory.buffer(covering: IntRect(x0: 0, y0: 0, x1: $0 * 10, y1: 10)) }
        for y in 0..<10 { for x in 0..<60 { buffers[5].row(y)[x] = 0xFF00_00FF } }
        // A buffer something else still holds is not taken back.
        let held = buffers[0]
        withExtendedLifetime(held) { memory.recycle(buffers.removeFirst(), drawn: held.bounds) }
        #expect(memory.spareBlocks == 0)
        while let buffer = buffers.popLast() { memory.recycle(buffer, drawn: buffer.bounds) }
        #expect(memory.spareBlocks == 4, "the four largest of the five given back")
        // The largest kept serves the largest again, cleared where it was drawn.
        let again = try memory.buffer(covering: IntRect(x0: 5, y0: 5, x1: 65, y1: 15))
        #expect(memory.spareBlocks == 3)
        #expect((0..<again.height).allSatisfy { y in (again.bounds.x0..<again.bounds.x1).allSatisfy { again.row(y + again.originY)[$0] == 0 } })
    }
}
