import Foundation
import FlipbookGraphics

/// Compositing and blend modes: the input image over a background image.
public protocol CICompositeOperation: CIFilterProtocol { var backgroundImage: CIImage? { get set } }
