/// What an animation shows outside its active interval.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No effect before the start or after the end (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The final state stays after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The initial state shows before the start.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}
