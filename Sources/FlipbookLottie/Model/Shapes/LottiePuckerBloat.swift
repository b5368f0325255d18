import FlipbookGraphics
import Foundation

/// Pulls the vertices of the paths before it in its group toward their centre and pushes
/// their tangents out (bloat, a positive amount), or the other way (pucker) (`pb`).
struct LottiePuckerBloat: Decodable, Sendable {
    /// Percent: 100 moves each vertex all the way to its path's centre.
    var amount: LottieProperty<LottieScalar>?
    var hidden: LottieFlag?

    enum CodingKeys: String, CodingKey {
        case amount = "a", hidden = "hd"
    }

    /// `path` with each subpath's vertices moved `percent` of the way to the subpath's
    /// centre (the mean of its vertices) and its control points as far the other way, as
    /// lottie-web's pucker-and-bloat modifier does; straight segments become curves whose
    /// control points start at their ends.
    static func apply(_ path: CGPath, percent: Double) -> CGPath {
        guard percent != 0, percent.isFinite else { return path }
        let share = percent / 100
        let result = CGMutablePath()
        for subpath in Self.subpaths(of: path) {
            let count = subpath.closed && subpath.vertices.count > 1 && subpath.vertices.last == subpath.vertices.first
                ? subpath.vertices.count - 1 : subpath.vertices.count
            let points = subpath.vertices.prefix(count)
            let centre = CGPoint(x: points.reduce(0) { $0 + $1.x } / CGFloat(count), y: points.reduce(0) { $0 + $1.y } / CGFloat(count))
            func moved(_ p: CGPoint, _ share: Double) -> CGPoint { CGPoint(x: p.x + (centre.x - p.x) * share, y: p.y + (centre.y - p.y) * share) }
            result.move(to: moved(subpath.vertices[0], share))
            for (index, controls) in subpath.controls.enumerated() {
                result.addCurve(to: moved(subpath.vertices[index + 1], share), control1: moved(controls.0, -share),
                                control2: moved(controls.1, -share))
            }
            if subpath.closed { result.closeSubpath() }
        }
        return result
    }

    /// A path's subpaths as vertices and, between each two, a cubic's control points.
    private static func subpaths(of path: CGPath) -> [(vertices: [CGPoint], controls: [(CGPoint, CGPoint)], closed: Bool)] {
        var subpaths: [(vertices: [CGPoint], controls: [(CGPoint, CGPoint)], closed: Bool)] = []
        path.applyWithBlock { element in
            let points = element.pointee.points
            let last = subpaths.last?.vertices.last ?? .zero
            switch element.pointee.type {
            case .moveToPoint: subpaths.append(([points[0]], [], false))
            case .addLineToPoint:
                if subpaths.isEmpty { subpaths.append(([last], [], false)) }
                subpaths[subpaths.count - 1].vertices.append(points[0])
                subpaths[subpaths.count - 1].controls.append((last, points[0]))
            case .addQuadCurveToPoint:
                if subpaths.isEmpty { subpaths.append(([last], [], false)) }
                let (c, end) = (points[0], points[1])
                subpaths[subpaths.count - 1].vertices.append(end)
                subpaths[subpaths.count - 1].controls.append((CGPoint(x: last.x + 2 / 3 * (c.x - last.x), y: last.y + 2 / 3 * (c.y - last.y)),
                                                              CGPoint(x: end.x + 2 / 3 * (c.x - end.x), y: end.y + 2 / 3 * (c.y - end.y))))
            case .addCurveToPoint:
                if subpaths.isEmpty { subpaths.append(([last], [], false)) }
                subpaths[subpaths.count - 1].vertices.append(points[2])
                subpaths[subpaths.count - 1].controls.append((points[0], points[1]))
            case .closeSubpath:
                guard let first = subpaths.last?.vertices.first, !subpaths.isEmpty else { break }
                // The closing segment, when it is not drawn already, is a straight one.
                if last != first {
                    subpaths[subpaths.count - 1].vertices.append(first)
                    subpaths[subpaths.count - 1].controls.append((last, first))
                }
                subpaths[subpaths.count - 1].closed = true
            }
        }
        return subpaths
    }
}
