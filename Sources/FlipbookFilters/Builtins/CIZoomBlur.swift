import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIZoomBlur` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIZoomBlur: CIFilterProtocol {
    var center: CGPoint { get set }
    var amount: Float { get set }
}
