import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIStripesGenerator` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIStripesGenerator: CIPatternGenerator {}
