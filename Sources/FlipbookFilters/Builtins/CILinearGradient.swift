import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CILinearGradient` filter, as properties (Apple's CIFilterBuiltins).
public protocol CILinearGradient: CIGeneratorFilter {
    var point0: CGPoint { get set }
    var point1: CGPoint { get set }
    var color0: CIColor { get set }
    var color1: CIColor { get set }
}
