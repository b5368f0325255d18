/// An immutable graphics path: subpaths of lines and quadratic and cubic Bézier curves.
///
/// Paths are value-like: copies share storage and `CGMutablePath` builds new ones.
/// Coordinates are in UIKit's space (y down), so the arc methods' `clockwise` flag appears
/// reversed on screen, exactly as it does on iOS.
public class CGPath: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The path's elements. Only `CGMutablePath` changes them, before the path is shared,
    /// each change a single access (an argument read from a path, itself included, is
    /// copied before the change begins), so no access overlaps another: unchecked, reading
    /// a path skips the runtime's exclusivity bookkeeping, a frame reads thousands.
    @exclusivity(unchecked) var elements: [PathElement]

    init(elements: [PathElement]) { self.elements = elements }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element, or `.zero` for an empty path. After a close,
    /// this is the start of the closed subpath.
    public var currentPoint: CGPoint { currentPointIfAny ?? .zero }

    var currentPointIfAny: CGPoint? { Self.scanCurrentPoint(elements) }

    static func scanCurrentPoint(_ elements: [PathElement]) -> CGPoint? {
        var start: CGPoint?
        var current: CGPoint?
        for element in elements {
            switch element {
            case .move(let p): start = p; current = p
            case .close: current = start
            default: current = element.endPoint
            }
        }
        return current
    }

    /// An immutable copy of the path.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// An immutable copy of the path mapped through `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform else { return copy() }
        return CGPath(elements: elements.map { $0.applying(transform.pointee) })
    }

    /// A mutable copy of the path.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// A mutable copy of the path mapped through `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let transform else { return mutableCopy() }
        return CGMutablePath(elements: elements.map { $0.applying(transform.pointee) })
    }

    /// A path that is a rectangle (move, three lines, close), optionally transformed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path that is an ellipse inscribed in `rect`, optionally transformed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rounded rectangle. Corner sizes are clamped to half the rectangle's size (Apple
    /// traps on larger values; Flipbook clamps).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// Calls `block` once per element, in order, as Apple's `applyWithBlock` does.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { points.deallocate() }
        for element in elements {
            let type: CGPathElementType
            switch element {
            case .move(let p): type = .moveToPoint; points[0] = p
            case .line(let p): type = .addLineToPoint; points[0] = p
            case .quad(let c, let p): type = .addQuadCurveToPoint; points[0] = c; points[1] = p
            case .cubic(let c1, let c2, let p):
                type = .addCurveToPoint; points[0] = c1; points[1] = c2; points[2] = p
            case .close: type = .closeSubpath
            }
            var pathElement = CGPathElement(type: type, points: points)
            block(&pathElement)
        }
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
    public var description: String { "CGPath(\(elements.count) elements)" }
}
