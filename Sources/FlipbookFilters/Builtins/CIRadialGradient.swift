import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIRadialGradient` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIRadialGradient: CIGeneratorFilter {
    var center: CGPoint { get set }
    var radius0: Float { get set }
    var radius1: Float { get set }
    var color0: CIColor { get set }
    var color1: CIColor { get set }
}
