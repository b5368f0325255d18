/// How corners of stroked paths are drawn.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}
