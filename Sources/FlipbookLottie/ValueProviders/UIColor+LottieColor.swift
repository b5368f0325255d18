import FlipbookUI
import Foundation

extension UIColor {
    /// The colour as a value provider takes it (lottie-ios's `lottieColorValue`).
    public var lottieColorValue: LottieColor {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        getRed(&r, green: &g, blue: &b, alpha: &a)
        return LottieColor(r: Double(r), g: Double(g), b: Double(b), a: Double(a))
    }
}
