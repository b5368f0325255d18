import Foundation

/// A colour value an attributed string's foreground colour attribute may hold besides a
/// `CGColor`: UIColor conforms.
public protocol TextAttributeColor {
    var cgColor: CGColor { get }
}
