import FlipbookGraphics
import Foundation

extension LottieBezier {
    /// The path: a cubic from each vertex, through its out tangent and the next vertex's in
    /// tangent, to the next vertex; closed back to the first when `closed`.
    var path: CGPath {
        let path = CGMutablePath()
        guard let first = vertices.first else { return path }
        func point(_ values: [Double]) -> CGPoint { CGPoint(x: values[0], y: values[1]) }
        path.move(to: point(first))
        let count = vertices.count
        for index in 0..<(closed ? count : count - 1) {
            let next = (index + 1) % count
            let start = point(vertices[index]), end = point(vertices[next])
            let out = point(outTangents[index]), into = point(inTangents[next])
            path.addCurve(to: end, control1: CGPoint(x: start.x + out.x, y: start.y + out.y),
                          control2: CGPoint(x: end.x + into.x, y: end.y + into.y))
        }
        if closed { path.closeSubpath() }
        return path
    }
}
