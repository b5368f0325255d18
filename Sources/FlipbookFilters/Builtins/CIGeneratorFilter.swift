import Foundation
import FlipbookGraphics

/// Filters that make an image from nothing.
public protocol CIGeneratorFilter: AnyObject { var outputImage: CIImage? { get } }
