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
        let count = max(Int(points.rounded(.down)), 0) * (star ? 2 : 1)
        let path = CGMutablePath()
        guard count >= (star ? 4 : 3), outerRadius.isFinite, innerRadius.isFinite else { return path }
        let direction = clockwise ? 1.0 : -1.0
        let step = 2 * Double.pi / Double(count) * direction
        var vertices: [(point: CGPoint, tangent: CGPoint)] = []
        for index in 0..<count {
            let outer = !star || index % 2 == 0
            let radius = outer ? outerRadius : innerRadius
            let roundness = (outer ? outerRoundness : innerRoundness) / 100
            let angle = -Double.pi / 2 + rotation * .pi / 180 + Double(index) * step
            let offset = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
            // Along the circle, in the direction of travel, a vertex's share of the circumference.
            let reach = 2 * Double.pi * radius / Double(count) / 2 * roundness * direction
            let tangent = CGPoint(x: -sin(angle) * reach, y: cos(angle) * reach)
            vertices.append((CGPoint(x: centre.x + offset.x, y: centre.y + offset.y), tangent))
        }
        path.move(to: vertices[0].point)
        for index in 0..<count {
            let from = vertices[index], to = vertices[(index + 1) % count]
            path.addCurve(to: to.point, control1: CGPoint(x: from.point.x + from.tangent.x, y: from.point.y + from.tangent.y),
                          control2: CGPoint(x: to.point.x - to.tangent.x, y: to.point.y - to.tangent.y))
        }
        path.closeSubpath()
        return path
    }

    /// The path at a composition frame.
    func path(atFrame frame: Double) -> CGPath {
        func number(_ property: LottieProperty<LottieScalar>?, _ fallback: Double) -> Double { property?.value(atFrame: frame).value ?? fallback }
        return Self.path(points: number(points, 5), centre: position?.value(atFrame: frame).point ?? .zero,
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
