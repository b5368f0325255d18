import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIFlashTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIFlashTransition: CITransitionFilter {
    var center: CGPoint { get set }
    var extent: CGRect { get set }
    var color: CIColor { get set }
    var maxStriationRadius: Float { get set }
    var striationStrength: Float { get set }
    var striationContrast: Float { get set }
    var fadeThreshold: Float { get set }
}
