/// Where a path being built stands, and the rules by which Core Graphics takes an element.
struct PathCursor {
    /// The end of the last element (the subpath's start after a close); nil before the
    /// first move.
    private(set) var current: CGPoint?
    private var subpathStart: CGPoint?

    init() {}

    /// The cursor after `elements`, all of them taken.
    init(following elements: [PathElement]) {
        var last: PathElement?
        for element in elements {
            _ = accepts(element, after: last)
            last = element
        }
    }

    /// Whether a path whose last element is `last` takes `element`, moving past it if so: a
    /// move to a finite point always; a line or curve through finite points when there is a
    /// current point; a close when there is a current point and the subpath is still open.
    mutating func accepts(_ element: PathElement, after last: PathElement?) -> Bool {
        switch element {
        case .move(let p):
            guard p.isFinite else { return false }
            subpathStart = p
            current = p
        case .close:
            guard current != nil, last != .close else { return false }
            current = subpathStart
        default:
            guard element.isFinite, current != nil else { return false }
            current = element.endPoint
        }
        return true
    }
}
