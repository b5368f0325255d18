import Foundation

extension CGPath {
    /// The rectangle this path outlines when it is one closed, axis-aligned rectangle
    /// (a move and three or four lines, closed or back at the start; a curve whose control
    /// points lie on its ends counts as a line); nil otherwise. Filled or clipped by either
    /// rule, such a path covers exactly the rectangle.
    package var axisAlignedRectangle: CGRect? {
        // A move, four lines and a close at most.
        guard elements.count <= 6 else { return nil }
        // Kept inline: this is asked of every path a frame fills, so it allocates nothing.
        var corners = InlineArray<5, CGPoint>(repeating: .zero), count = 0
        for (index, element) in elements.enumerated() {
            let corner: CGPoint
            switch element {
            case .move(let p) where index == 0: corner = p
            case .close where index == elements.count - 1: continue
            default:
                // After the move, each side is a line or a straight curve from the last corner.
                guard index > 0, let p = element.endPoint, element.isStraight(from: corners[count - 1]) else { return nil }
                corner = p
            }
            guard count < 5 else { return nil }
            corners[count] = corner
            count += 1
        }
        if count == 5, corners[4] == corners[0] { count = 4 }
        guard count == 4 else { return nil }
        // Each side horizontal or vertical, turning at every corner.
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let first = a.x == b.x ? 0 : a.y == b.y ? 1 : -1, second = b.x == c.x ? 0 : b.y == c.y ? 1 : -1
            guard first >= 0, second >= 0, first != second else { return nil }
        }
        // Opposite corners span the rectangle.
        let a = corners[0], c = corners[2]
        return CGRect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
    }
}
