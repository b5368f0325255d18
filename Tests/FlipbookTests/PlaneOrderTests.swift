import Testing
@testable import FlipbookAnimation

/// The painter's order of CATransformLayer planes: farthest first, split where planes cross.
@Suite struct PlaneOrderTests {
    private func square(z: Double, x: Double = 0) -> [SIMD3<Double>] {
        [SIMD3(x, 0, z), SIMD3(x + 10, 0, z), SIMD3(x + 10, 10, z), SIMD3(x, 10, z)]
    }

    @Test func parallelPlanesGoFarthestFirst() {
        let order = PlaneOrder.backToFront([square(z: 5), square(z: -5), square(z: 0)])
        #expect(order.map(\.plane) == [1, 2, 0])
        #expect(order.allSatisfy { $0.cuts.isEmpty })
    }

    @Test func coplanarPlanesKeepTheirOrder() {
        let order = PlaneOrder.backToFront([square(z: 1), square(z: 1, x: 5), square(z: 1, x: 2)])
        #expect(order.map(\.plane) == [0, 1, 2])
    }

    /// Faces of a cube meet only along edges: none is split.
    @Test func planesMeetingAtAnEdgeStayWhole() {
        let floor: [SIMD3<Double>] = [SIMD3(0, 0, 0), SIMD3(10, 0, 0), SIMD3(10, 0, -10), SIMD3(0, 0, -10)]
        let order = PlaneOrder.backToFront([square(z: 0), floor])
        #expect(order.count == 2)
        #expect(order.allSatisfy { $0.cuts.isEmpty })
    }

    /// A plane tilted through another is cut in two: its far half is painted before the
    /// other plane and its near half after.
    @Test func crossingPlanesAreSplit() {
        let flat = square(z: 0)
        let tilted: [SIMD3<Double>] = [SIMD3(0, 0, -5), SIMD3(10, 0, 5), SIMD3(10, 10, 5), SIMD3(0, 10, -5)]
        let order = PlaneOrder.backToFront([flat, tilted])
        #expect(order.map(\.plane) == [1, 0, 1])
        #expect(order[0].polygon.allSatisfy { $0.z <= 1e-9 })
        #expect(order[2].polygon.allSatisfy { $0.z >= -1e-9 })
        #expect(order[0].cuts.count == 1 && order[2].cuts.count == 1)
        // The halves meet at x = 5, where the tilted plane passes z = 0.
        #expect(order[0].polygon.contains { abs($0.x - 5) < 1e-9 })
    }
}
