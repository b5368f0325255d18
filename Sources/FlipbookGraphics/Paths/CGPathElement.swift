
/// One element of a path as `applyWithBlock(_:)` hands it out: its type and its points
/// (1 for move/line, 2 for a quadratic curve, 3 for a cubic curve, 0 for close).
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// One stored path element: Flipbook's internal representation.
enum PathElement: Equatable, Hashable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint)
    case close

    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let c, let p): return .quad(c.applying(t), p.applying(t))
        case .cubic(let c1, let c2, let p): return .cubic(c1.applying(t), c2.applying(t), p.applying(t))
        case .close: return .close
        }
    }

    /// The element's end point, if it has one.
    var endPoint: CGPoint? {
        switch self {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }

    /// Whether the element, drawn from `start`, is the straight line to its end: a line, or
    /// a curve whose control points each lie on one of its ends (a Lottie path's straight
    /// side, drawn with zero tangents). Such a curve is a mix of its ends that moves one way
    /// only (for c1 = start, c2 = end the share of the end is 3t² − 2t³), so it runs along
    /// its chord without turning back and the chord is exact.
    func isStraight(from start: CGPoint) -> Bool {
        switch self {
        case .line: true
        case let .quad(c, p): c == start || c == p
        case let .cubic(c1, c2, p): (c1 == start || c1 == p) && (c2 == start || c2 == p)
        case .move, .close: false
        }
    }
}
