import Foundation
import FlipbookGraphics

/// Core Image's `CIMaskToAlpha` filter (Apple's CIFilterBuiltins): a grayscale picture
/// becomes white masked by its brightness. Its one input is the image.
public protocol CIMaskToAlpha: CIFilterProtocol {}
