import Foundation

/// A font value an attributed string's `.font` attribute may hold besides a name or a
/// `CGFont`: UIFont conforms.
public protocol TextAttributeFont {
    var fontName: String { get }
    var pointSize: CGFloat { get }
}
