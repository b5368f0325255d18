import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIColorControls` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIColorControls: CIFilterProtocol {
    var saturation: Float { get set }
    var brightness: Float { get set }
    var contrast: Float { get set }
}
