import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIExposureAdjust` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIExposureAdjust: CIFilterProtocol { var ev: Float { get set } }
