import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CICheckerboardGenerator` filter, as properties (Apple's CIFilterBuiltins).
public protocol CICheckerboardGenerator: CIPatternGenerator {}
