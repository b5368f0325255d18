import Foundation
import Synchronization
import FlipbookGraphics
import FlipbookMedia
import FlipbookFilters

/// An image, as UIKit's `UIImage`: a `CGImage` (or a `CIImage`) with a scale, an
/// orientation and optional caps for resizing. Images are immutable.
///
/// Difference: JPEG data is decoded upright (its EXIF orientation applied to the pixels),
/// so such images report `.up`.
open class UIImage: NSObject, @unchecked Sendable {
    /// Which way the stored pixels are turned from the way the image is shown.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// How the part between the caps fills a larger size.
    public enum ResizingMode: Int, Sendable { case tile, stretch }

    /// The pixels, when the image has a bitmap.
    public let cgImage: CGImage?
    /// The Core Image recipe of an image made from one (whose `cgImage` is nil, as in UIKit).
    public let ciImage: CIImage?
    /// Pixels a point.
    public let scale: CGFloat
    public let imageOrientation: Orientation
    /// Parts of the edges that keep their size when the image is drawn larger.
    public let capInsets: UIEdgeInsets
    public let resizingMode: ResizingMode

    /// An empty image of size zero.
    public override convenience init() { self.init(cgImage: nil, ciImage: nil, scale: 1, orientation: .up) }

    /// The image `#imageLiteral(resourceName:)` names, found as `UIImage(named:)` finds it;
    /// an empty image, with a diagnostic, when there is none.
    public required convenience init(imageLiteralResourceName name: String) {
        guard let image = UIImage(named: name) else {
            UIDiagnostics.report("#imageLiteral(resourceName: \"\(name)\"): no such image; an empty image stands in")
            self.init()
            return
        }
        self.init(cgImage: image.cgImage, ciImage: image.ciImage, scale: image.scale, orientation: image.imageOrientation)
    }

    init(cgImage: CGImage?, ciImage: CIImage?, scale: CGFloat, orientation: Orientation,
         capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .tile) {
        self.cgImage = cgImage
        self.ciImage = ciImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        imageOrientation = orientation
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        super.init()
    }

    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(cgImage: cgImage, ciImage: nil, scale: scale, orientation: orientation)
    }

    public convenience init(ciImage: CIImage) { self.init(ciImage: ciImage, scale: 1, orientation: .up) }

    public convenience init(ciImage: CIImage, scale: CGFloat, orientation: Orientation) {
        self.init(cgImage: nil, ciImage: ciImage, scale: scale, orientation: orientation)
    }

    /// A PNG or JPEG image; nil for data that is not one.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = try? CGImage.decode(data) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// The image in a file; its scale from an `@2x`/`@3x` suffix. Nil when the file is missing
    /// or not an image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: Self.scale(ofFileNamed: (path as NSString).lastPathComponent))
    }

    /// The image called `name` in the main bundle's resources or `UIImage.resourceFolders`,
    /// as UIKit finds it: the name with or without an extension (png, jpg, jpeg), the
    /// screen's `@3x` or `@2x` variant first. Nil when there is none.
    public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }

    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let folders = [(bundle ?? .main).resourceURL].compactMap { $0 } + Self.resourceFolders
        guard !name.isEmpty, let path = Self.path(named: name, in: folders) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// Folders `init(named:)` searches after the bundle's resources (Flipbook's addition; by
    /// default the working directory and its `Resources` folder).
    public static var resourceFolders: [URL] {
        get { folders.withLock { $0 } }
        set { folders.withLock { $0 = newValue } }
    }

    private static let folders = Mutex<[URL]>([
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Resources"),
    ])

    /// The size in points, as the image is shown.
    public var size: CGSize {
        let pixels: CGSize
        if let cgImage { pixels = CGSize(width: cgImage.width, height: cgImage.height) }
        else if let ciImage, !ciImage.extent.isInfinite { pixels = ciImage.extent.size }
        else { pixels = .zero }
        let points = CGSize(width: pixels.width / scale, height: pixels.height / scale)
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: points.height, height: points.width)
        default: return points
        }
    }

    /// The image as PNG; nil for an image without pixels.
    public func pngData() -> Data? { try? bitmap?.pngData() }

    /// The image as JPEG at `compressionQuality` (0…1); nil for an image without pixels.
    public func jpegData(compressionQuality: CGFloat) -> Data? { try? bitmap?.jpegData(compressionQuality: compressionQuality) }

    /// The same pixels with caps that keep their size when drawn larger; the middle tiles.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        UIImage(cgImage: cgImage, ciImage: ciImage, scale: scale, orientation: imageOrientation,
                capInsets: capInsets, resizingMode: resizingMode)
    }

    /// Draws the image at its size with its top-left corner at `point` in the current context.
    open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image scaled into `rect` in the current context, caps kept at their size.
    open func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return UIDiagnostics.report("UIImage.draw: no current context") }
        guard let bitmap else { return }
        context.painting(blendMode, alpha: alpha) { context in
            if capInsets == .zero {
                ImageDrawing.draw(bitmap, orientation: imageOrientation, in: rect, context: context)
            } else {
                ImageDrawing.drawSlices(of: bitmap, scale: scale, caps: capInsets, tiling: resizingMode == .tile, in: rect, context: context)
            }
        }
    }

    /// The pixels: the bitmap, or the Core Image recipe rendered over its extent.
    /// The pixels turned upright (drawn through the orientation when it is not `.up`).
    var uprightBitmap: CGImage? {
        guard imageOrientation != .up else { return bitmap }
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in draw(at: .zero) }.cgImage
    }

    var bitmap: CGImage? {
        if let cgImage { return cgImage }
        guard let ciImage, !ciImage.extent.isInfinite else { return nil }
        return CIContext().createCGImage(ciImage, from: ciImage.extent)
    }

    static func scale(ofFileNamed name: String) -> CGFloat {
        let stem = (name as NSString).deletingPathExtension
        for factor in [3, 2] where stem.hasSuffix("@\(factor)x") { return CGFloat(factor) }
        return 1
    }

    /// The first file in `folders` that `name` names, in UIKit's order of preference.
    static func path(named name: String, in folders: [URL]) -> String? {
        let ext = (name as NSString).pathExtension, stem = (name as NSString).deletingPathExtension
        let extensions = ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext]
        let stems = Self.scale(ofFileNamed: name) > 1 ? [stem] : [stem + "@3x", stem + "@2x", stem]
        for folder in folders {
            for candidate in stems {
                for e in extensions {
                    let path = folder.appendingPathComponent(candidate).appendingPathExtension(e).path
                    if FileManager.default.fileExists(atPath: path) { return path }
                }
            }
        }
        return nil
    }
}

extension UIImage: _ExpressibleByImageLiteral {}

/// The type of an `#imageLiteral` whose type nothing else decides, as UIKit makes it.
public typealias _ImageLiteralType = UIImage
