/// The outline edges of a filled shape, built as `CGPath.flatten` hands out its subpaths,
/// with the bounding box of their vertices. Filling closes every subpath, so each gets a
/// closing edge, and that edge comes first in its subpath: the coverage sums are rounded
/// in the order the edges arrive, so the order is part of the picture.
struct FillOutline: FlatteningSink {
    private(set) var edges: [Edge] = []
    private var box = BoundingBox()
    /// Subpaths begun so far (a lone move is one, though it has no edges).
    private var subpaths = 0
    /// The current subpath's first and last vertex, its vertex count, and where its
    /// closing edge goes.
    private var first = CGPoint.zero, last = CGPoint.zero
    private var vertices = 0, closingSlot = 0
    /// The first subpath's first four vertices, while it may be a rectangle.
    private var corners = (CGPoint.zero, CGPoint.zero, CGPoint.zero, CGPoint.zero)

    /// The outline of `path` flattened within `tolerance`.
    init(_ path: CGPath, tolerance: CGFloat) {
        path.flatten(tolerance: tolerance, into: &self)
    }

    /// The outline of polylines, each closed.
    init(_ polylines: [Polyline]) {
        edges.reserveCapacity(polylines.reduce(0) { $0 + $1.points.count })
        for polyline in polylines {
            guard let start = polyline.points.first else { continue }
            begin(at: start, vertices: 0)
            for point in polyline.points.dropFirst() { add(point, corner: false) }
            end(closed: false)
        }
    }

    /// The bounding box of every vertex.
    var bounds: CGRect { box.rect }

    /// The rectangle the outline is, when it is one subpath of four vertices joined by
    /// horizontal and vertical sides.
    var rectangle: CGRect? {
        guard subpaths == 1, vertices == 4 else { return nil }
        let (p0, p1, p2, p3) = corners
        let horizontalFirst = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let verticalFirst = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        guard horizontalFirst || verticalFirst else { return nil }
        let rect = CGRect(x: p0.x, y: p0.y, width: p2.x - p0.x, height: p2.y - p0.y).standardized
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }

    mutating func begin(at point: CGPoint, vertices count: Int) {
        // Grown geometrically, so that a path of many subpaths stays linear.
        let needed = edges.count + count + 1
        if edges.capacity < needed { edges.reserveCapacity(max(needed, 2 * edges.capacity)) }
        subpaths += 1
        first = point; last = point
        vertices = 1
        closingSlot = edges.count
        edges.append(Edge())  // the closing edge's place
        box.include(point)
        if subpaths == 1 { corners.0 = point }
    }

    mutating func add(_ point: CGPoint, corner: Bool) {
        guard point != last else { return }
        edges.append(Self.edge(from: last, to: point))
        last = point
        vertices += 1
        box.include(point)
        if subpaths == 1 {
            switch vertices {
            case 2: corners.1 = point
            case 3: corners.2 = point
            case 4: corners.3 = point
            default: break
            }
        }
    }

    mutating func end(closed: Bool) {
        if vertices == 1 {
            edges.removeLast()
        } else if closed, last == first {
            // The close draws back to the start: the last edge already does, and becomes
            // the closing one.
            edges[closingSlot] = edges.removeLast()
            vertices -= 1
        } else {
            edges[closingSlot] = Self.edge(from: last, to: first)
        }
    }

    private static func edge(from a: CGPoint, to b: CGPoint) -> Edge {
        Edge(x0: Float(a.x), y0: Float(a.y), x1: Float(b.x), y1: Float(b.y))
    }
}
