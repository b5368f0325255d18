import Foundation
import FlipbookGraphics
import FlipbookFilters

/// A colour, as UIKit's `UIColor`: a `CGColor` in sRGB or gray, with the usual ways to make
/// one and read it back. Components are clamped to 0…1 (UIKit allows extended sRGB values
/// outside it; Flipbook draws in 8-bit sRGB, where they could not show).
open class UIColor: NSObject, @unchecked Sendable {
    /// The Core Graphics colour.
    public let cgColor: CGColor

    /// A colour from a Core Graphics colour.
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    /// An sRGB colour.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// The sRGB colour `#colorLiteral(red:green:blue:alpha:)` writes.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// The colour `dynamicProvider` gives for the traits views draw with, which are always
    /// light here (`UITraitCollection.current`).
    public convenience init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        self.init(cgColor: dynamicProvider(.current).cgColor)
    }

    /// A gray in extended gray, which has sRGB's transfer curve, as UIKit makes it: white 0.5
    /// is the sRGB colour (0.5, 0.5, 0.5).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(colorSpace: UIColor.extendedGray, components: [white.isNaN ? 0 : white, alpha.isNaN ? 0 : alpha])
            ?? CGColor(gray: white, alpha: alpha))
    }

    private static let extendedGray = CGColorSpace(name: CGColorSpace.extendedGray)!

    /// A colour from hue, saturation and brightness (each 0…1; a hue of 1 is red again).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = Self.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A Core Image colour.
    public convenience init(ciColor: CIColor) {
        self.init(red: ciColor.red, green: ciColor.green, blue: ciColor.blue, alpha: ciColor.alpha)
    }

    /// The colour as Core Image sees it.
    public var ciColor: CIColor { CIColor(cgColor: cgColor) }

    /// The same colour with a different alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// The sRGB components; true, as UIKit's method answers for every sRGB or gray colour.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = rgba
        red?.pointee = c.r; green?.pointee = c.g; blue?.pointee = c.b; alpha?.pointee = c.a
        return true
    }

    /// The gray level and alpha; false (and nothing written) for a colour that is not gray.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard cgColor.colorSpace?.model == .monochrome, let components = cgColor.components, components.count == 2 else { return false }
        white?.pointee = components[0]
        alpha?.pointee = components[1]
        return true
    }

    /// Hue, saturation, brightness and alpha.
    @discardableResult
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = rgba
        let high = max(c.r, c.g, c.b), low = min(c.r, c.g, c.b), range = high - low
        var h: CGFloat = 0
        if range > 0 {
            switch high {
            case c.r: h = (c.g - c.b) / range
            case c.g: h = 2 + (c.b - c.r) / range
            default: h = 4 + (c.r - c.g) / range
            }
            h = (h / 6).truncatingRemainder(dividingBy: 1)
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = high > 0 ? range / high : 0
        brightness?.pointee = high
        alpha?.pointee = c.a
        return true
    }

    /// Makes this the fill colour of the current context (nothing without one).
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the stroke colour of the current context (nothing without one).
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes this both the fill and the stroke colour of the current context.
    open func set() {
        setFill()
        setStroke()
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.cgColor == cgColor }
    open override var hash: Int { cgColor.hashValue }
    open override var description: String {
        let c = rgba
        return String(format: "UIColor(red: %.3f, green: %.3f, blue: %.3f, alpha: %.3f)", c.r, c.g, c.b, c.a)
    }

    /// The colour in sRGB.
    private var rgba: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        let c = cgColor.converted(to: CGColorSpaceCreateDeviceRGB(), intent: .defaultIntent, options: nil)?.components ?? [0, 0, 0, 1]
        return (c[0], c[1], c[2], c[3])
    }

    /// Hue, saturation and brightness to sRGB components.
    static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let sector = Int(h) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}

extension UIColor: _ExpressibleByColorLiteral {}

/// The type of a `#colorLiteral` whose type nothing else decides, as UIKit makes it.
public typealias _ColorLiteralType = UIColor
