import FlipbookGraphics
import Testing

@Suite struct ConvexPolygonTests {
    private let square: [SIMD3<Double>] = [SIMD3(0, 0, 0), SIMD3(10, 0, 0), SIMD3(10, 10, 0), SIMD3(0, 10, 0)]

    @Test func clipKeepsTheNonNegativeSide() {
        let clipped = ConvexPolygon.clip(square) { $0.x - 4 }
        #expect(Set(clipped.map(\.x)) == [4, 10])
        #expect(clipped.count == 4)
        #expect(ConvexPolygon.clip(square) { -$0.x - 1 }.isEmpty)
    }
}
