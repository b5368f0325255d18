import Foundation
import FlipbookGraphics

/// A colour for Core Image: red, green, blue and alpha components, straight (not
/// premultiplied), in sRGB as Apple's `CIColor(red:green:blue:alpha:)` takes them.
public final class CIColor: @unchecked Sendable, Equatable, CustomStringConvertible {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The colour of a `CGColor` (gray colours become equal red, green and blue).
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        if c.count >= 4 {
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        } else if c.count == 2 {
            self.init(red: c[0], green: c[0], blue: c[0], alpha: c[1])
        } else {
            self.init(red: 0, green: 0, blue: 0, alpha: 1)
        }
    }

    public static let black = CIColor(red: 0, green: 0, blue: 0)
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The number of components (always 4).
    public var numberOfComponents: Int { 4 }

    public var cgColor: CGColor { CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha) }

    /// "r g b a", as Apple's `stringRepresentation`.
    public var stringRepresentation: String { "\(red) \(green) \(blue) \(alpha)" }

    public var description: String { "CIColor(\(stringRepresentation))" }

    public static func == (a: CIColor, b: CIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }

    /// Premultiplied linear-light components, Core Image's working format.
    var working: SIMD4<Float> {
        let a = Float(min(max(alpha, 0), 1))
        return SIMD4(Float(SRGBTransfer.linear(Double(red))) * a, Float(SRGBTransfer.linear(Double(green))) * a,
                     Float(SRGBTransfer.linear(Double(blue))) * a, a)
    }
}
