import Foundation
import FlipbookGraphics
import FlipbookMedia

/// How a `UIGraphicsImageRenderer` makes its bitmaps.
open class UIGraphicsImageRendererFormat: @unchecked Sendable {
    /// Pixels a point (the main screen's by default).
    open var scale: CGFloat = UIScreen.defaultScale
    /// Whether the bitmap is opaque (it then starts black instead of clear).
    open var opaque = false

    public init() {}

    /// The format for the main screen.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format for the main screen (UIKit's newer spelling).
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}
