import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIPixellate` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIPixellate: CIFilterProtocol {
    var center: CGPoint { get set }
    var scale: Float { get set }
}
