import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIBoxBlur` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIBoxBlur: CIFilterProtocol { var radius: Float { get set } }
