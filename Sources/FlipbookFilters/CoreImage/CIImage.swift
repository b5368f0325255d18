import Foundation
import FlipbookGraphics
import FlipbookMedia

/// An image as Core Image has it: a recipe, not pixels. Nothing is computed until a
/// `CIContext` renders it, and then only the pixels asked for, with pointwise steps
/// fused. Coordinates are Core Image's: origin at the bottom left, y up — an image made
/// from a `CGImage` covers (0, 0)–(width, height) with its top row at the top.
public final class CIImage: Sendable, CustomStringConvertible {
    let node: any ImageNode

    init(node: any ImageNode) { self.node = node }

    /// The pixels of `cgImage`.
    public convenience init(cgImage: CGImage) { self.init(node: BitmapNode(image: cgImage)) }

    /// `color` everywhere: an image of infinite extent.
    public convenience init(color: CIColor) { self.init(node: ColorNode(color: color.working)) }

    /// The image in a PNG or JPEG file; nil when it cannot be read.
    public convenience init?(contentsOf url: URL) {
        guard let image = try? CGImage.read(contentsOf: url) else { return nil }
        self.init(cgImage: image)
    }

    /// An image with no pixels (an empty extent).
    public static func empty() -> CIImage { CIImage(node: CropNode(input: ColorNode(color: .zero), rect: .zero)) }

    /// Where the image has pixels; `CGRect.infinite` for generators.
    public var extent: CGRect { node.extent }

    /// The part inside `rect`; outside it is clear.
    public func cropped(to rect: CGRect) -> CIImage { CIImage(node: CropNode(input: node, rect: rect)) }

    /// The image moved by `transform`, sampled bilinearly. A transform that cannot be
    /// inverted gives an empty image.
    public func transformed(by transform: CGAffineTransform) -> CIImage {
        guard let moved = TransformNode(input: node, transform: transform) else { return .empty() }
        return CIImage(node: moved)
    }

    /// The image over `background` (source-over).
    public func composited(over background: CIImage) -> CIImage {
        combined(with: background, extent: extent.union(background.extent)) { top, bottom in top.over(bottom) }
    }

    /// The image's edge pixels repeated outward for ever.
    public func clampedToExtent() -> CIImage {
        let rect = extent
        guard !rect.isEmpty, !rect.isUnbounded else { return self }
        return CIImage(node: ClampNode(input: node, rect: rect))
    }

    /// The output of the filter named `name` with this image as `inputImage` and the other
    /// inputs from `parameters`; an empty image when the filter is unknown or fails.
    public func applyingFilter(_ name: String, parameters: [String: Any] = [:]) -> CIImage {
        guard let filter = CIFilter(name: name) else { return .empty() }
        filter.setValue(self, forKey: kCIInputImageKey)
        for (key, value) in parameters { filter.setValue(value, forKey: key) }
        return filter.outputImage ?? .empty()
    }

    public var description: String { "CIImage(extent: \(extent))" }
}
