import FlipbookGraphics
import Foundation

extension LottieVector {
    /// The first two numbers as a point.
    var point: CGPoint { CGPoint(x: self[0, default: 0], y: self[1, default: 0]) }

    /// The first two numbers as a size.
    var size: CGSize { CGSize(width: self[0, default: 0], height: self[1, default: 0]) }

    /// An opaque colour from red, green and blue (0…1). lottie-spec's colour is
    /// `[r, g, b]`; a fourth number some exporters add is not an alpha (lottie-web,
    /// lottie-android, ThorVG and rlottie all ignore it: the fill's or stroke's opacity is
    /// the only one — lottie-ios alone multiplies it in). Files before Bodymovin 4.1.9
    /// write 0…255: a colour whose red, green and blue are all above 1 is read so, as
    /// lottie-ios reads it (lottie-web divides every fill and stroke colour of such files by
    /// 255).
    var color: CGColor {
        var (red, green, blue) = (self[0, default: 0], self[1, default: 0], self[2, default: 0])
        if red > 1, green > 1, blue > 1 { (red, green, blue) = (red / 255, green / 255, blue / 255) }
        return CGColor(red: red, green: green, blue: blue, alpha: 1)
    }
}
