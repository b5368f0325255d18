import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIVignette` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIVignette: CIFilterProtocol {
    var intensity: Float { get set }
    var radius: Float { get set }
}
