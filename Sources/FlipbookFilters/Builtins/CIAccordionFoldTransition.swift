import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIAccordionFoldTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIAccordionFoldTransition: CITransitionFilter {
    var bottomHeight: Float { get set }
    var numberOfFolds: Float { get set }
    var foldShadowAmount: Float { get set }
}
