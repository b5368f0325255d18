import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIDisintegrateWithMaskTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIDisintegrateWithMaskTransition: CITransitionFilter {
    var maskImage: CIImage? { get set }
    var shadowRadius: Float { get set }
    var shadowDensity: Float { get set }
    var shadowOffset: CGPoint { get set }
}
