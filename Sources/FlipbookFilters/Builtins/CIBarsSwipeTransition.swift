import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIBarsSwipeTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIBarsSwipeTransition: CITransitionFilter {
    var angle: Float { get set }
    var width: Float { get set }
    var barOffset: Float { get set }
}
