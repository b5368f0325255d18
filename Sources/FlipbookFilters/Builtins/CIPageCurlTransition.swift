import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIPageCurlTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIPageCurlTransition: CITransitionFilter {
    var backsideImage: CIImage? { get set }
    var shadingImage: CIImage? { get set }
    var extent: CGRect { get set }
    var angle: Float { get set }
    var radius: Float { get set }
}
