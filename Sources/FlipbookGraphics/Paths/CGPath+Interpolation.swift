extension CGPath {
    /// The path `fraction` of the way from this path to `other`, point by point (Core
    /// Animation's path animation); nil unless both have the same elements in the same order.
    package func interpolated(to other: CGPath, fraction f: Double) -> CGPath? {
        var result: CGPath?
        return Self.interpolate(from: self, to: other, fraction: f, into: &result) ? result : nil
    }

    /// `from.interpolated(to: to, fraction:)`, written into `result`: over its own elements
    /// when nothing else holds it and it has as many (the path an animation made for the
    /// frame before), into a new path otherwise, so a path animation allocates once, not
    /// every frame. False when the two paths' elements differ; `result` then holds no
    /// meaningful path, and the caller replaces it.
    package static func interpolate(from: CGPath, to: CGPath, fraction f: Double, into result: inout CGPath?) -> Bool {
        let count = from.elements.count
        guard count == to.elements.count else { return false }
        // Only an immutable path of ours, held by `result` alone, is written over: no one can
        // see it change (a `CGMutablePath` also keeps where it stands).
        guard isKnownUniquelyReferenced(&result), let path = result, type(of: path) == CGPath.self,
              path.elements.count == count else {
            var elements: [PathElement] = []
            elements.reserveCapacity(count)
            for (a, b) in zip(from.elements, to.elements) {
                guard let element = PathElement.mixing(a, b, f) else { return false }
                elements.append(element)
            }
            result = CGPath(elements: elements)
            return true
        }
        return from.elements.withUnsafeBufferPointer { a in
            to.elements.withUnsafeBufferPointer { b in
                path.elements.withUnsafeMutableBufferPointer { mixed in
                    for i in 0..<count {
                        guard let element = PathElement.mixing(a[i], b[i], f) else { return false }
                        mixed[i] = element
                    }
                    return true
                }
            }
        }
    }
}

extension PathElement {
    /// The element `f` of the way from `a` to `b`, point by point; nil unless both are of
    /// the same kind.
    static func mixing(_ a: PathElement, _ b: PathElement, _ f: Double) -> PathElement? {
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) }
        switch (a, b) {
        case let (.move(p), .move(q)): return .move(mix(p, q))
        case let (.line(p), .line(q)): return .line(mix(p, q))
        case let (.quad(c, p), .quad(d, q)): return .quad(mix(c, d), mix(p, q))
        case let (.cubic(c1, c2, p), .cubic(d1, d2, q)): return .cubic(mix(c1, d1), mix(c2, d2), mix(p, q))
        case (.close, .close): return .close
        default: return nil
        }
    }
}
