import FlipbookGraphics
import Foundation

extension LottiePolystar {
    /// The star's or polygon's path for its values at one moment (lottie-spec's Polystar):
    /// vertices on the outer (and, for a star, alternately the inner) radius, the first
    /// straight up from the centre turned by `rotation` degrees, clockwise (counter-clockwise
    /// for direction 3). Roundness pulls each vertex's tangents along the circle, as long
    /// as its share of the circumference times the roundness.
    static func path(points: Double, centre: CGPoint, rotation: Double, outerRadius: Double, outerRoundness: Double,
                     innerRadius: Double, innerRoundness: Double, star: Bool, clockwise: Bool) -> CGPath {
        bezier(points: points, centre: centre, rotation: rotation, outerRadius: outerRadius, outerRoundness: outerRoundness,
               innerRadius: innerRadius, innerRoundness: innerRoundness, star: star, clockwise: clockwise).path
    }

    /// The same outline as Lottie's vertices and tangents (no vertices when it has too few
    /// points or a radius is not finite).
    static func bezier(points: Double, centre: CGPoint, rotation: Double, outerRadius: Double, outerRoundness: Double,
                       innerRadius: Double, innerRoundness: Double, star: Bool, clockwise: Bool) -> LottieBezier {
        let count = max(Int(points.rounded(.down)), 0) * (star ? 2 : 1)
        var bezier = LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: [])
        guard count >= (star ? 4 : 3), outerRadius.isFinite, innerRadius.isFinite else { return bezier }
        let direction = clockwise ? 1.0 : -1.0
        let step = 2 * Double.pi / Double(count) * direction
        for index in 0..<count {
            let outer = !star || index % 2 == 0
            let radius = outer ? outerRadius : innerRadius
            let roundness = (outer ? outerRoundness : innerRoundness) / 100
            let angle = -Double.pi / 2 + rotation * .pi / 180 + Double(index) * step
            // Along the circle, in the direction of travel, a vertex's share of the circumference.
            let reach = 2 * Double.pi * radius / Double(count) / 2 * roundness * direction
            let tangent = [-sin(angle) * reach, cos(angle) * reach]
            bezier.vertices.append([centre.x + radius * cos(angle), centre.y + radius * sin(angle)])
            bezier.outTangents.append(tangent)
            bezier.inTangents.append(tangent.map { -$0 })
        }
        return bezier
    }

    /// The outline at a composition frame.
    func bezier(atFrame frame: Double) -> LottieBezier {
        func number(_ property: LottieProperty<LottieScalar>?, _ fallback: Double) -> Double { property?.value(atFrame: frame).value ?? fallback }
        return Self.bezier(points: number(points, 5), centre: position?.value(atFrame: frame).point ?? .zero,
                           rotation: number(rotation, 0), outerRadius: number(outerRadius, 0), outerRoundness: number(outerRoundness, 0),
                           innerRadius: number(innerRadius, 0), innerRoundness: number(innerRoundness, 0),
                           star: starType != 2, clockwise: direction != 3)
    }

    /// The frames over which its path changes; nil when it holds still.
    var animatedFrames: ClosedRange<Double>? {
        LottieTimeline.span([points, rotation, outerRadius, outerRoundness, innerRadius, innerRoundness].map { $0?.animatedFrames }
                            + [position?.animatedFrames])
    }
}
