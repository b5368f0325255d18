/// How the ends of open subpaths are drawn when stroked.
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}
