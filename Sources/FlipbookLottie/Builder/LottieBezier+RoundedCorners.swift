import Foundation

extension LottieBezier {
    /// The handle length of a quarter circle drawn as one cubic, as a share of its radius.
    private static let roundCorner = 0.5519

    /// The path with each sharp corner (a vertex without tangents) rounded by `radius`, as
    /// lottie-web's rounded-corners modifier does: the corner becomes two vertices, each at
    /// most half-way to its neighbour, joined by a curve whose handles reach 55.19 % of the
    /// way back to the corner. An open path keeps its end points.
    func rounded(radius: Double) -> LottieBezier {
        guard radius > 0, vertices.count >= 2 else { return self }
        var result = LottieBezier(closed: closed, vertices: [], inTangents: [], outTangents: [])
        let count = vertices.count
        for index in 0..<count {
            let corner = vertices[index]
            let sharp = inTangents[index].allSatisfy { $0 == 0 } && outTangents[index].allSatisfy { $0 == 0 }
            guard sharp, closed || (index != 0 && index != count - 1) else {
                result.vertices.append(corner)
                result.inTangents.append(inTangents[index])
                result.outTangents.append(outTangents[index])
                continue
            }
            /// The point toward `neighbour`, at most half-way, and the handle toward the corner.
            func cut(toward neighbour: [Double]) -> (point: [Double], handle: [Double]) {
                let dx = neighbour[0] - corner[0], dy = neighbour[1] - corner[1]
                let distance = (dx * dx + dy * dy).squareRoot()
                let share = distance > 0 ? min(distance / 2, radius) / distance : 0
                let point = [corner[0] + dx * share, corner[1] + dy * share]
                // Relative to the point: back toward the corner.
                return (point, [(corner[0] - point[0]) * Self.roundCorner, (corner[1] - point[1]) * Self.roundCorner])
            }
            let before = cut(toward: vertices[(index + count - 1) % count])
            let after = cut(toward: vertices[(index + 1) % count])
            result.vertices += [before.point, after.point]
            result.inTangents += [[0, 0], after.handle]
            result.outTangents += [before.handle, [0, 0]]
        }
        return result
    }
}
