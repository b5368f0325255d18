extension CGPath {
    /// The path `fraction` of the way from this path to `other`, point by point (Core
    /// Animation's path animation); nil unless both have the same elements in the same order.
    package func interpolated(to other: CGPath, fraction f: Double) -> CGPath? {
        guard elements.count == other.elements.count else { return nil }
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f) }
        var mixed: [PathElement] = []
        mixed.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): mixed.append(.move(mix(p, q)))
            case let (.line(p), .line(q)): mixed.append(.line(mix(p, q)))
            case let (.quad(c, p), .quad(d, q)): mixed.append(.quad(mix(c, d), mix(p, q)))
            case let (.cubic(c1, c2, p), .cubic(d1, d2, q)): mixed.append(.cubic(mix(c1, d1), mix(c2, d2), mix(p, q)))
            case (.close, .close): mixed.append(.close)
            default: return nil
            }
        }
        return CGPath(elements: mixed)
    }
}
