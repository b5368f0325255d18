/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// (0, 0), (1, 1): constant speed.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// (0.42, 0), (1, 1): starts slowly.
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// (0, 0), (0.58, 1): ends slowly.
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// (0.42, 0), (0.58, 1): starts and ends slowly.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// (0.25, 0.1), (0.25, 1): the curve of most system animations.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}
