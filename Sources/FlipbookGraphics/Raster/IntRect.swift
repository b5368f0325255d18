import CFlipbookKernels

/// A rectangle of whole pixels, `x0..<x1` × `y0..<y1`.
struct IntRect: Equatable, Sendable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    func intersection(_ other: IntRect) -> IntRect {
        let r = IntRect(x0: max(x0, other.x0), y0: max(y0, other.y0),
                        x1: min(x1, other.x1), y1: min(y1, other.y1))
        return r.isEmpty ? IntRect(x0: 0, y0: 0, x1: 0, y1: 0) : r
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return IntRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The pixels of this rectangle outside `other`, as at most four rectangles (the rows
    /// above and below it, then the columns beside it).
    func subtracting(_ other: IntRect) -> [IntRect] {
        let inner = intersection(other)
        guard !inner.isEmpty else { return isEmpty ? [] : [self] }
        return [IntRect(x0: x0, y0: y0, x1: x1, y1: inner.y0), IntRect(x0: x0, y0: inner.y1, x1: x1, y1: y1),
                IntRect(x0: x0, y0: inner.y0, x1: inner.x0, y1: inner.y1), IntRect(x0: inner.x1, y0: inner.y0, x1: x1, y1: inner.y1)]
            .filter { !$0.isEmpty }
    }

    func offsetBy(dx: Int, dy: Int) -> IntRect { IntRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }
    func insetBy(_ d: Int) -> IntRect { IntRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }

    /// The pixels touched by a rectangle in device space, clamped to a sane range.
    init(covering rect: CGRect) {
        func clamp(_ v: CGFloat) -> Int { Int(min(max(v, -16_777_216), 16_777_216)) }
        if !rect.isFinite {
            self.init(x0: 0, y0: 0, x1: 0, y1: 0)
            return
        }
        self.init(x0: clamp(rect.minX.rounded(.down)), y0: clamp(rect.minY.rounded(.down)),
                  x1: clamp(rect.maxX.rounded(.up)), y1: clamp(rect.maxY.rounded(.up)))
    }

    /// The pixels lying wholly inside a rectangle in device space, clamped as `covering`
    /// clamps (empty when none does).
    init(within rect: CGRect) {
        func clamp(_ v: CGFloat) -> Int { Int(min(max(v, -16_777_216), 16_777_216)) }
        guard rect.isFinite,
              case let r = IntRect(x0: clamp(rect.minX.rounded(.up)), y0: clamp(rect.minY.rounded(.up)),
                                   x1: clamp(rect.maxX.rounded(.down)), y1: clamp(rect.maxY.rounded(.down))),
              !r.isEmpty else {
            self.init(x0: 0, y0: 0, x1: 0, y1: 0)
            return
        }
        self = r
    }

    /// Whether every pixel of `other` lies in this rectangle (an empty one lies anywhere).
    func contains(_ other: IntRect) -> Bool {
        other.isEmpty || (other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1)
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
}

/// A line segment in device space, the rasterizer's input: a C struct, so that the
/// rasterizer's C loops read the edges Swift builds as they are.
typealias Edge = fb_edge
