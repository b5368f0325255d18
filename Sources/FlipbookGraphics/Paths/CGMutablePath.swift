/// A path you build element by element, as in Core Graphics.
///
/// Every method takes an optional transform applied to the points before they are stored.
/// Points that are NaN or infinite (after transforming) are ignored, and so are
/// line and curve elements added when there is no current point (Apple logs and ignores
/// these too).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Where the path stands, kept up to date as elements are added so that building a long
    /// path stays linear.
    private var cursor: PathCursor

    /// An empty path.
    public init() {
        cursor = PathCursor()
        super.init(elements: [])
    }

    override init(elements: [PathElement]) {
        cursor = PathCursor(following: elements)
        super.init(elements: elements)
    }

    override var currentPointIfAny: CGPoint? { cursor.current }

    /// Stores `element` if Core Graphics would (see `PathCursor.accepts(_:after:)`).
    func append(_ element: PathElement) {
        if cursor.accepts(element, after: elements.last) { elements.append(element) }
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.move(point.applying(transform)))
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.line(point.applying(transform)))
    }

    /// Adds a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append(.quad(control.applying(transform), end.applying(transform)))
    }

    /// Adds a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        append(.cubic(control1.applying(transform), control2.applying(transform), end.applying(transform)))
    }

    /// Closes the current subpath with a straight line back to its start.
    public func closeSubpath() { append(.close) }

    /// Adds a rectangle as a closed subpath: its origin corner, then along x, then y.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull, !rect.isInfiniteRect else { return }
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds an open polyline through `points`: a move to the first, lines to the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        append(count: points.count, points.indices.lazy.map { i in
            let point = points[i].applying(transform)
            return i == points.startIndex ? .move(point) : .line(point)
        })
    }

    /// Adds an ellipse inscribed in `rect` as a closed subpath of four cubic curves starting
    /// at (maxX, midY). Apple orients it clockwise in its y-up space, so on Flipbook's y-down
    /// screen it runs through (midX, minY) first.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull, !rect.isInfiniteRect else { return }
        let r = rect.standardized
        let unit = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
            .concatenating(transform)
        move(to: CGPoint(x: 1, y: 0), transform: unit)
        appendArcCurves(center: .zero, radius: 1, start: 0, sweep: -2 * .pi, transform: unit)
        closeSubpath()
    }

    /// Adds a rounded rectangle as a closed subpath. Corner sizes are clamped to half the
    /// rectangle's width and height; zero corners give a plain rectangle.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard !rect.isNull, !rect.isInfiniteRect else { return }
        let r = rect.standardized
        let cw = min(max(cornerWidth.isNaN ? 0 : cornerWidth, 0), r.width / 2)
        let ch = min(max(cornerHeight.isNaN ? 0 : cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else { return addRect(r, transform: transform) }
        let corner = { (cx: CGFloat, cy: CGFloat, start: CGFloat) in
            let t = CGAffineTransform(a: cw, b: 0, c: 0, d: ch, tx: cx, ty: cy).concatenating(transform)
            self.appendArcCurves(center: .zero, radius: 1, start: start, sweep: .pi / 2, transform: t)
        }
        move(to: CGPoint(x: r.minX + cw, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX - cw, y: r.minY), transform: transform)
        corner(r.maxX - cw, r.minY + ch, -.pi / 2)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ch), transform: transform)
        corner(r.maxX - cw, r.maxY - ch, 0)
        addLine(to: CGPoint(x: r.minX + cw, y: r.maxY), transform: transform)
        corner(r.minX + cw, r.maxY - ch, .pi / 2)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ch), transform: transform)
        corner(r.minX + cw, r.minY + ch, .pi)
        closeSubpath()
    }

    /// Adds the elements of `path`, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        append(count: path.elements.count, path.elements.lazy.map { $0.applying(transform) })
    }

    /// Stores each of `count` elements Core Graphics would take, as `append(_:)` does. The
    /// path is built in locals and stored once: each change to a property of this class
    /// would be checked at run time for overlapping access.
    func append(count: Int, _ added: some Sequence<PathElement>) {
        var list = elements
        elements = []
        var cursor = self.cursor
        // Grown geometrically, so that adding many small paths stays linear.
        if list.capacity < list.count + count { list.reserveCapacity(max(list.count + count, 2 * list.capacity)) }
        for element in added where cursor.accepts(element, after: list.last) { list.append(element) }
        elements = list
        self.cursor = cursor
    }
}

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension PathElement {
    var isFinite: Bool {
        switch self {
        case .move(let p), .line(let p): return p.isFinite
        case .quad(let c, let p): return c.isFinite && p.isFinite
        case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
        case .close: return true
        }
    }
}
