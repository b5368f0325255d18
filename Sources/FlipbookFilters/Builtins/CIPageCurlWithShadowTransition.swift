import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIPageCurlWithShadowTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIPageCurlWithShadowTransition: CITransitionFilter {
    var backsideImage: CIImage? { get set }
    var extent: CGRect { get set }
    var angle: Float { get set }
    var radius: Float { get set }
    var shadowSize: Float { get set }
    var shadowAmount: Float { get set }
    var shadowExtent: CGRect { get set }
}
