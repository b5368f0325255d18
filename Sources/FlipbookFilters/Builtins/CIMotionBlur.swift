import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIMotionBlur` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIMotionBlur: CIFilterProtocol {
    var radius: Float { get set }
    var angle: Float { get set }
}
