import Foundation
import FlipbookGraphics

/// A line crossing a rectangle in the direction of an angle, as swipes, copier lights,
/// sliding bars and page curls move: `position(_:)` measures a point along the direction,
/// and the rectangle spans `lower`…`upper` of it.
struct Sweep: Sendable {
    let direction: SIMD2<Double>
    let lower: Double, upper: Double
    /// The rectangle's corners measured along the direction.
    let corners: [Double]

    init(across rect: CGRect, angle: Double) {
        direction = SIMD2(cos(angle), sin(angle))
        corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { Double($0.0) * cos(angle) + Double($0.1) * sin(angle) }
        lower = corners.min() ?? 0
        upper = corners.max() ?? 0
    }

    /// How far the rectangle reaches along the direction.
    var length: Double { upper - lower }

    /// `point` measured along the direction.
    @inline(__always)
    func position(_ point: SIMD2<Double>) -> Double { (point * direction).sum() }

    /// How long a stretch of the line at `position` (the points measured there, a line
    /// perpendicular to the direction) lies inside `rect`.
    func chord(at position: Double, through rect: CGRect) -> Double {
        let foot = direction * position, along = SIMD2(-direction.y, direction.x)
        var low = -Double.infinity, high = Double.infinity
        for (axis, bounds) in [(0, (Double(rect.minX), Double(rect.maxX))), (1, (Double(rect.minY), Double(rect.maxY)))] {
            if abs(along[axis]) < 1e-12 {
                if foot[axis] < bounds.0 || foot[axis] > bounds.1 { return 0 }
                continue
            }
            let a = (bounds.0 - foot[axis]) / along[axis], b = (bounds.1 - foot[axis]) / along[axis]
            low = max(low, min(a, b))
            high = min(high, max(a, b))
        }
        return max(0, high - low)
    }
}
