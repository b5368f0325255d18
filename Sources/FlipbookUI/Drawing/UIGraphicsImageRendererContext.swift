import Foundation
import FlipbookGraphics
import FlipbookMedia

/// The context a renderer's drawing closure receives.
open class UIGraphicsImageRendererContext {
    /// The Core Graphics context, in points, y down.
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat
    /// Pixels a point of the bitmap.
    private let scale: CGFloat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat, scale: CGFloat) {
        self.cgContext = cgContext
        self.format = format
        self.scale = scale
    }

    /// What has been drawn so far.
    open var currentImage: UIImage {
        cgContext.makeImage().map { UIImage(cgImage: $0, scale: scale, orientation: .up) } ?? UIImage()
    }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.painting(blendMode) { $0.fill(rect) }
    }

    /// Strokes a frame just inside `rect` with the current stroke colour and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.painting(blendMode) { $0.stroke(rect) }
    }

    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}
