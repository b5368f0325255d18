import Foundation

extension CGPath {
    /// The rectangle this path outlines when it is one closed, axis-aligned rectangle
    /// (a move and three or four lines, closed or back at the start; a curve whose control
    /// points lie on its ends counts as a line); nil otherwise. Filled or clipped by either
    /// rule, such a path covers exactly the rectangle.
    package var axisAlignedRectangle: CGRect? {
        // A move, four lines and a close at most.
        guard elements.count <= 6 else { return nil }
        var corners: [CGPoint] = []
        for (index, element) in elements.enumerated() {
            // A curve whose control points lie on its ends is the straight line between them.
            let from = corners.last
            switch element {
            case .move(let p) where index == 0: corners.append(p)
            case .line(let p) where index > 0: corners.append(p)
            case .quad(let c, let p) where index > 0 && (c == from || c == p): corners.append(p)
            case .cubic(let c1, let c2, let p) where index > 0 && (c1 == from || c1 == p) && (c2 == from || c2 == p):
                corners.append(p)
            case .close where index == elements.count - 1: break
            default: return nil
            }
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast() }
        guard corners.count == 4 else { return nil }
        // Each side horizontal or vertical, turning at every corner.
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let first = a.x == b.x ? 0 : a.y == b.y ? 1 : -1, second = b.x == c.x ? 0 : b.y == c.y ? 1 : -1
            guard first >= 0, second >= 0, first != second else { return nil }
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
