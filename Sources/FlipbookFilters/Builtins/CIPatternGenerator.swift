import Foundation
import FlipbookGraphics

/// Checkerboard and stripes.
public protocol CIPatternGenerator: CIGeneratorFilter {
    var center: CGPoint { get set }
    var color0: CIColor { get set }
    var color1: CIColor { get set }
    var width: Float { get set }
    var sharpness: Float { get set }
}
