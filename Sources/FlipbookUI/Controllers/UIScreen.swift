import Foundation
import FlipbookGraphics

/// The display, as UIKit's `UIScreen`. Headless, Flipbook's main screen is an iPhone's:
/// 393 × 852 points at 3 pixels a point.
@MainActor
open class UIScreen {
    /// The main screen.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: defaultScale)

    /// The main screen's pixels a point, for work that may run off the main thread (image
    /// contexts and renderers with scale 0).
    public nonisolated static let defaultScale: CGFloat = 3

    /// The screen's size in points.
    public let bounds: CGRect
    /// Pixels a point.
    public let scale: CGFloat
    /// Pixels a point of the physical display (the same as `scale` here).
    public var nativeScale: CGFloat { scale }
    /// The screen's size in pixels.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }

    /// A screen of `bounds` points at `scale` (Flipbook's addition, for other devices).
    public init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }
}
