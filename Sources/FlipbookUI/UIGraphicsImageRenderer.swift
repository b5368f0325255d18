import Foundation
import FlipbookGraphics
import FlipbookMedia

/// How a `UIGraphicsImageRenderer` makes its bitmaps.
open class UIGraphicsImageRendererFormat: @unchecked Sendable {
    /// Pixels a point (the main screen's by default).
    open var scale: CGFloat = UIScreen.defaultScale
    /// Whether the bitmap is opaque (it then starts black instead of clear).
    open var opaque = false

    public init() {}

    /// The format for the main screen.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format for the main screen (UIKit's newer spelling).
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

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

/// Makes images by drawing, as UIKit's `UIGraphicsImageRenderer`: each call gives a fresh
/// bitmap of the renderer's bounds at its format's scale, current while the closure runs.
/// Safe to use from any thread.
open class UIGraphicsImageRenderer: @unchecked Sendable {
    public let format: UIGraphicsImageRendererFormat
    /// The drawing area in points.
    public let bounds: CGRect

    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
    }

    /// The image `actions` draw. A renderer of no size (or one too large) gives an empty image.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        guard let context = makeContext() else { return UIImage() }
        GraphicsContextStack.drawing(in: context.cgContext) { actions(context) }
        return context.currentImage
    }

    /// The image `actions` draw, as PNG.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// The image `actions` draw, as JPEG.
    open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }

    private func makeContext() -> UIGraphicsImageRendererContext? {
        guard let (context, scale) = makeImageContext(bounds: bounds, scale: format.scale, opaque: format.opaque,
                                                      caller: "UIGraphicsImageRenderer") else { return nil }
        return UIGraphicsImageRendererContext(cgContext: context, format: format, scale: scale)
    }
}
