import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIGaussianBlur` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIGaussianBlur: CIFilterProtocol { var radius: Float { get set } }
