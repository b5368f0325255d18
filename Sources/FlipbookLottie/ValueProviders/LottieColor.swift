import FlipbookGraphics
import Foundation

/// A colour as lottie-ios's value providers take it: red, green, blue and alpha in 0…1.
public struct LottieColor: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The colour in sRGB.
    public var cgColorValue: CGColor { CGColor(srgbRed: r, green: g, blue: b, alpha: a) }
}
