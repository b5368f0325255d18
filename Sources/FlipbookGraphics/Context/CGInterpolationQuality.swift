/// Sampling used when an image is drawn scaled or rotated.
public enum CGInterpolationQuality: Int32, Sendable {
    /// Flipbook treats the default as `.medium`.
    case `default` = 0
    /// Nearest neighbour.
    case none = 1
    /// Bilinear.
    case low = 2
    /// Bilinear from the nearest level of a 2×2 box-filtered pyramid when minifying.
    case high = 3
    /// Bilinear from the nearest pyramid level when minifying.
    case medium = 4
}
