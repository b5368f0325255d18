import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIConstantColorGenerator` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIConstantColorGenerator: CIGeneratorFilter { var color: CIColor { get set } }
