/// A bitmap image, as in Core Graphics. Flipbook stores every image as premultiplied
/// RGBA8 in sRGB and converts at creation, so `bitsPerComponent` is 8, `bitsPerPixel` 32
/// and `bytesPerRow` `width * 4` whatever the source layout was.
public final class CGImage: Sendable, CustomStringConvertible {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The colour space the image was created in (pixels are stored as sRGB).
    public let colorSpace: CGColorSpace?
    /// `.premultipliedLast`, or `.noneSkipLast` for an image known to be opaque.
    public let alphaInfo: CGImageAlphaInfo
    /// Whether the image asks for interpolation when scaled.
    public let shouldInterpolate: Bool
    let storage: ImageStorage
    /// Whether every pixel is known to be opaque (`.noneSkipLast`).
    var isOpaque: Bool { alphaInfo == .noneSkipLast }

    init(storage: ImageStorage, colorSpace: CGColorSpace? = .srgbSpace, opaque: Bool = false,
         shouldInterpolate: Bool = true) {
        self.width = storage.width
        self.height = storage.height
        self.storage = storage
        self.colorSpace = colorSpace
        self.alphaInfo = opaque ? .noneSkipLast : .premultipliedLast
        self.shouldInterpolate = shouldInterpolate
    }

    /// Creates an image from bytes in one of the layouts Core Graphics describes with
    /// `bitmapInfo`: 8 bits a component; 32 bits a pixel (RGBA/ARGB orders with any alpha
    /// info, `.byteOrder32Little` for BGRA), 8 bits (gray, or alpha only) or 16 bits (gray
    /// plus alpha). Returns `nil` for other layouts, too little data or sizes over
    /// `GraphicsLimits`.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo,
                             provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let data = provider.data,
              let layout = PixelLayout(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                       space: space, bitmapInfo: bitmapInfo),
              let storage = try? layout.makeStorage(data: data, width: width, height: height,
                                                    bytesPerRow: bytesPerRow)
        else { return nil }
        self.init(storage: storage, colorSpace: space, opaque: layout.isOpaque,
                  shouldInterpolate: shouldInterpolate)
    }

    /// Creates an image from tightly packed or strided pixels in a common layout.
    /// Throws when the size is invalid or over the limits, or the data is too short.
    public convenience init(width: Int, height: Int, pixels: Data, layout: CGImagePixelLayout,
                            bytesPerRow: Int? = nil) throws(GraphicsError) {
        let pixelLayout = layout.pixelLayout
        let storage = try pixelLayout.makeStorage(
            data: pixels, width: width, height: height,
            bytesPerRow: bytesPerRow ?? width * pixelLayout.bytesPerPixel)
        self.init(storage: storage, colorSpace: pixelLayout.isGray ? .graySpace : .srgbSpace,
                  opaque: pixelLayout.isOpaque)
    }

    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// Always 32.
    public var bitsPerPixel: Int { 32 }
    /// Always `width * 4`.
    public var bytesPerRow: Int { width * 4 }
    /// `.premultipliedLast` (or `.noneSkipLast`) in the default (RGBA) byte order.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(alphaInfo: alphaInfo) }
    /// Whether the image is an image mask (never, in Flipbook).
    public var isMask: Bool { false }

    /// The premultiplied RGBA8 bytes, `bytesPerRow` a row.
    public var dataProvider: CGDataProvider? {
        CGDataProvider(data: Data(bytes: storage.pixels, count: width * height * 4))
    }

    /// Whether every pixel is fully transparent (Flipbook's addition: how a layer tells
    /// that drawing left nothing).
    public var isFullyTransparent: Bool {
        withUnsafePremultipliedBytes { bytes in stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 0 } }
    }

    /// Calls `body` with the premultiplied RGBA8 bytes, without copying.
    public func withUnsafePremultipliedBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.pixels, count: width * height * 4))
    }

    /// The part of the image inside `rect` (in pixels, origin top-left), or `nil` when the
    /// rect does not intersect it. Fractional edges are rounded outwards, as Apple does.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = IntRect(covering: rect.standardized).intersection(IntRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return nil }
        guard let cropped = try? ImageStorage(width: r.width, height: r.height, fill: { out in
            for y in 0..<r.height {
                (out + y * r.width).update(from: storage.pixels + (r.y0 + y) * width + r.x0, count: r.width)
            }
        }) else { return nil }
        return CGImage(storage: cropped, colorSpace: colorSpace, opaque: isOpaque,
                       shouldInterpolate: shouldInterpolate)
    }

    /// Returns the image itself: images are immutable.
    public func copy() -> CGImage? { self }

    public var description: String { "CGImage(\(width)×\(height))" }
}
