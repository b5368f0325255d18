import Foundation
import FlipbookGraphics

/// A line crossing a rectangle in the direction of an angle, as swipes, copier lights,
/// sliding bars and page curls move: `position(_:)` measures a point along the direction,
/// and the rectangle spans `lower`…`upper` of it.
struct Sweep: Sendable {
    let direction: SIMD2<Double>
    let lower: Double, upper: Double

    init(across rect: CGRect, angle: Double) {
        direction = SIMD2(cos(angle), sin(angle))
        let positions = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { Double($0.0) * cos(angle) + Double($0.1) * sin(angle) }
        lower = positions.min() ?? 0
        upper = positions.max() ?? 0
    }

    /// How far the rectangle reaches along the direction.
    var length: Double { upper - lower }

    /// `point` measured along the direction.
    @inline(__always)
    func position(_ point: SIMD2<Double>) -> Double { (point * direction).sum() }
}
