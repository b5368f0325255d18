import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CISwipeTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CISwipeTransition: CITransitionFilter {
    var extent: CGRect { get set }
    var color: CIColor { get set }
    var angle: Float { get set }
    var width: Float { get set }
    var opacity: Float { get set }
}
