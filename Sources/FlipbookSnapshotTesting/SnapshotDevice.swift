import Flipbook

/// A screen to lay a view or a view controller out on for a snapshot: its size in points
/// and its scale, as Apple lists them for each device (portrait).
public struct SnapshotDevice: Sendable, Hashable {
    /// The screen's size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat

    public init(size: CGSize, scale: CGFloat) {
        self.size = size
        self.scale = scale
    }

    /// The same screen turned on its side.
    public var landscape: SnapshotDevice { SnapshotDevice(size: CGSize(width: size.height, height: size.width), scale: scale) }

    /// iPhone SE (2nd and 3rd generation), iPhone 8: 375 × 667 points at 2×.
    public static let iPhoneSE = SnapshotDevice(size: CGSize(width: 375, height: 667), scale: 2)
    /// iPhone 13 mini, iPhone 12 mini: 375 × 812 points at 3×.
    public static let iPhone13Mini = SnapshotDevice(size: CGSize(width: 375, height: 812), scale: 3)
    /// iPhone 13, iPhone 14: 390 × 844 points at 3×.
    public static let iPhone13 = SnapshotDevice(size: CGSize(width: 390, height: 844), scale: 3)
    /// iPhone 15, iPhone 15 Pro, iPhone 16: 393 × 852 points at 3× (`UIScreen.main`'s size).
    public static let iPhone15 = SnapshotDevice(size: CGSize(width: 393, height: 852), scale: 3)
    /// iPhone 15 Pro Max, iPhone 15 Plus: 430 × 932 points at 3×.
    public static let iPhone15ProMax = SnapshotDevice(size: CGSize(width: 430, height: 932), scale: 3)
    /// iPad mini (6th generation): 744 × 1133 points at 2×.
    public static let iPadMini = SnapshotDevice(size: CGSize(width: 744, height: 1133), scale: 2)
    /// iPad Pro 11-inch: 834 × 1194 points at 2×.
    public static let iPadPro11 = SnapshotDevice(size: CGSize(width: 834, height: 1194), scale: 2)
}
