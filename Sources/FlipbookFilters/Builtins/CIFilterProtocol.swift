import Foundation
import FlipbookGraphics

/// A filter with an input image.
public protocol CIFilterProtocol: AnyObject {
    var outputImage: CIImage? { get }
    var inputImage: CIImage? { get set }
}
