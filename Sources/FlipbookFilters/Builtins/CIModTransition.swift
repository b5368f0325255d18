import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIModTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIModTransition: CITransitionFilter {
    var center: CGPoint { get set }
    var angle: Float { get set }
    var radius: Float { get set }
    var compression: Float { get set }
}
