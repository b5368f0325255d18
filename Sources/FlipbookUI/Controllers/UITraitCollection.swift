import Foundation
import FlipbookGraphics

/// The environment views draw in, as UIKit's `UITraitCollection`: the display scale and
/// the appearance (Flipbook's views are always light).
public final class UITraitCollection: Sendable {
    public enum UserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

    /// Pixels a point.
    public let displayScale: CGFloat
    public let userInterfaceStyle: UserInterfaceStyle

    public init(displayScale: CGFloat) {
        self.displayScale = displayScale
        userInterfaceStyle = .light
    }

    /// The traits of the main screen.
    public static let current = UITraitCollection(displayScale: UIScreen.defaultScale)
}
