import Foundation
import FlipbookGraphics

/// UIKit's fixed colours, and its system colours with their light-appearance values on
/// iOS 15–17 (Flipbook has one appearance, the light one).
extension UIColor {
    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)

    public static let systemRed = UIColor(bytes: 255, 59, 48)
    public static let systemOrange = UIColor(bytes: 255, 149, 0)
    public static let systemYellow = UIColor(bytes: 255, 204, 0)
    public static let systemGreen = UIColor(bytes: 52, 199, 89)
    public static let systemMint = UIColor(bytes: 0, 199, 190)
    public static let systemTeal = UIColor(bytes: 48, 176, 199)
    public static let systemCyan = UIColor(bytes: 50, 173, 230)
    public static let systemBlue = UIColor(bytes: 0, 122, 255)
    public static let systemIndigo = UIColor(bytes: 88, 86, 214)
    public static let systemPurple = UIColor(bytes: 175, 82, 222)
    public static let systemPink = UIColor(bytes: 255, 45, 85)
    public static let systemBrown = UIColor(bytes: 162, 132, 94)
    public static let systemGray = UIColor(bytes: 142, 142, 147)
    public static let systemGray2 = UIColor(bytes: 174, 174, 178)
    public static let systemGray3 = UIColor(bytes: 199, 199, 204)
    public static let systemGray4 = UIColor(bytes: 209, 209, 214)
    public static let systemGray5 = UIColor(bytes: 229, 229, 234)
    public static let systemGray6 = UIColor(bytes: 242, 242, 247)

    public static let label = UIColor.black
    public static let secondaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.6)
    public static let tertiaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.3)
    public static let quaternaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.18)
    public static let link = UIColor.systemBlue
    public static let placeholderText = UIColor(bytes: 60, 60, 67, alpha: 0.3)
    public static let separator = UIColor(bytes: 60, 60, 67, alpha: 0.29)
    public static let opaqueSeparator = UIColor(bytes: 198, 198, 200)
    public static let systemBackground = UIColor.white
    public static let secondarySystemBackground = UIColor(bytes: 242, 242, 247)
    public static let tertiarySystemBackground = UIColor.white
    public static let systemGroupedBackground = UIColor(bytes: 242, 242, 247)
    public static let secondarySystemGroupedBackground = UIColor.white
    public static let tertiarySystemGroupedBackground = UIColor(bytes: 242, 242, 247)
    public static let systemFill = UIColor(bytes: 120, 120, 128, alpha: 0.2)
    public static let secondarySystemFill = UIColor(bytes: 120, 120, 128, alpha: 0.16)
    public static let tertiarySystemFill = UIColor(bytes: 118, 118, 128, alpha: 0.12)
    public static let quaternarySystemFill = UIColor(bytes: 116, 116, 128, alpha: 0.08)
    /// The default tint of views and controls.
    public static let tintColor = UIColor.systemBlue

    /// An sRGB colour from 8-bit components.
    private convenience init(bytes red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) {
        self.init(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }
}
