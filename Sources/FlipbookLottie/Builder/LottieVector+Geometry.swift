import FlipbookGraphics
import Foundation

extension LottieVector {
    /// The first two numbers as a point.
    var point: CGPoint { CGPoint(x: self[0, default: 0], y: self[1, default: 0]) }

    /// The first two numbers as a size.
    var size: CGSize { CGSize(width: self[0, default: 0], height: self[1, default: 0]) }

    /// Red, green, blue (0…1) and alpha when given.
    var color: CGColor {
        CGColor(red: self[0, default: 0], green: self[1, default: 0], blue: self[2, default: 0], alpha: self[3, default: 1])
    }
}
