import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CICopyMachineTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CICopyMachineTransition: CITransitionFilter {
    var extent: CGRect { get set }
    var color: CIColor { get set }
    var angle: Float { get set }
    var width: Float { get set }
    var opacity: Float { get set }
}
