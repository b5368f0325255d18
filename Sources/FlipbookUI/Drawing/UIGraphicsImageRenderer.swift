import Foundation
import FlipbookGraphics
import FlipbookMedia

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
