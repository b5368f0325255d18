/// The kind of timing a `UITimingCurveProvider` describes.
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}
