import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIRippleTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIRippleTransition: CITransitionFilter {
    var center: CGPoint { get set }
    var extent: CGRect { get set }
    var shadingImage: CIImage? { get set }
    var width: Float { get set }
    var scale: Float { get set }
}
