import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIBlendWithMask` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIBlendWithMask: CIFilterProtocol {
    var backgroundImage: CIImage? { get set }
    var maskImage: CIImage? { get set }
}
