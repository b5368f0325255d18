/// Collects the polylines `CGPath.flatten` hands out.
struct PolylineCollector: FlatteningSink {
    private(set) var polylines: [Polyline] = []
    private var current = Polyline()

    mutating func begin(at point: CGPoint, vertices: Int) {
        current.points.reserveCapacity(vertices + 1)
        current.isCorner.reserveCapacity(vertices + 1)
        current.append(point, corner: true)
    }

    mutating func add(_ point: CGPoint, corner: Bool) {
        current.append(point, corner: corner)
        current.hasSegments = true
    }

    mutating func end(closed: Bool) {
        if closed {
            current.isClosed = true
            current.hasSegments = true
            // The close draws back to the start: a last vertex on the start is not a vertex.
            if current.points.count > 1, current.points.last == current.points[0] {
                current.points.removeLast()
                current.isCorner.removeLast()
            }
        }
        polylines.append(current)
        current = Polyline()
    }
}
