/// The rule that decides which points are inside a path.
public enum CGPathFillRule: Int, Sendable {
    /// A point is inside when the winding number around it is not zero.
    case winding = 0
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = 1
}
