/// A bitmap drawing context, as in Core Graphics.
///
/// Flipbook's contexts use UIKit's orientation: the origin is the top-left pixel corner and
/// y grows downwards, with an identity CTM meaning one unit per pixel. (A bare Core Graphics
/// bitmap context on Apple platforms starts y-up; Flipbook's behaves like the flipped
/// contexts UIKit hands to `draw(_:)`, except that images draw upright.) Pixels are
/// premultiplied RGBA8 in sRGB.
public final class CGContext {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The colour space (sRGB).
    public let colorSpace: CGColorSpace? = .srgbSpace
    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// Always 32.
    public var bitsPerPixel: Int { 32 }
    /// Bytes from one row to the next.
    public var bytesPerRow: Int { base.bytesPerRow }
    /// Premultiplied RGBA in the default byte order.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(alphaInfo: .premultipliedLast) }
    /// The alpha info, `.premultipliedLast`.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    /// The pixel memory. Once handed out, whatever holds it may write the pixels at any
    /// time, so `writeStamp` no longer vouches for them.
    public var data: UnsafeMutableRawPointer? {
        memoryHandedOut = true
        return UnsafeMutableRawPointer(base.data)
    }

    /// How many threads a large draw may use (Flipbook's addition). Output is identical
    /// for every value. Defaults to the number of active processors.
    public var maximumThreadCount = ProcessInfo.processInfo.activeProcessorCount

    private(set) var base: PixelBuffer
    /// The graphics state. Read and written many times a draw, and never by two threads at
    /// once (a band draws with a context of its own), so not checked for overlapping access
    /// at run time.
    @exclusivity(unchecked) var state: GState
    @exclusivity(unchecked) var savedStates: [GState] = []
    /// The current path, in device space as Core Graphics stores it.
    var currentPath = CGMutablePath()
    var layers: [TransparencyLayer] = []
    /// The memory of ended transparency layers, for the next ones.
    let layerMemory = LayerMemory()
    var allowsAntialiasing = true
    let rasterizer = CoverageRasterizer()
    /// The contexts `drawInBands` draws the bands with, kept for the next call.
    var bandContexts: [CGContext] = []
    /// For a band context of `drawInBands`: the device rows and columns it may change.
    /// Unlike the clip, it does not limit what transparency layers hold, so a layer's
    /// shadow still comes from all of its content.
    var bandLimit: IntRect?

    /// Where drawing goes: the innermost transparency layer, or the bitmap.
    var target: PixelBuffer { layers.last?.buffer ?? base }

    /// How many draws have gone through `render`, the one way this context writes pixels.
    private var draws = 0
    /// Whether the pixels are the caller's memory or were handed out through `data`, so
    /// something other than this context may write them.
    private var memoryHandedOut: Bool

    /// Changes whenever this context may have written its pixels (every draw through
    /// `render`): equal stamps taken before and after some code mean it changed no pixel.
    /// Nil when other code may write the pixels too (the memory is the caller's, or was
    /// handed out through `data`): nothing can vouch for them then.
    package var writeStamp: Int? { memoryHandedOut ? nil : draws }

    /// Notes a draw, for `writeStamp`.
    func noteDraw() { draws &+= 1 }

    init(buffer: PixelBuffer) {
        base = buffer
        memoryHandedOut = !buffer.ownsMemory
        width = buffer.width
        height = buffer.height
        state = GState(bounds: buffer.bounds)
    }

    /// Creates a context with its own transparent pixels. Throws for a size that is not
    /// positive or exceeds `GraphicsLimits` (Flipbook's addition; Apple's initializer
    /// below returns `nil` instead).
    public convenience init(width: Int, height: Int) throws(GraphicsError) {
        try GraphicsLimits.check(width: width, height: height)
        self.init(buffer: try PixelBuffer(width: width, height: height))
    }

    /// Apple's bitmap context initializer. Flipbook supports 8 bits a component in an RGB
    /// space with premultiplied alpha last (RGBA in memory); other layouts, invalid sizes
    /// and sizes over `GraphicsLimits` give `nil`. With `data == nil` the context allocates
    /// zeroed memory; otherwise it draws into the caller's memory, which must outlive it.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let order = info.intersection(.byteOrderMask)
        guard bitsPerComponent == 8, space.model == .rgb, info.alphaInfo == .premultipliedLast,
              order == .byteOrderDefault || order == .byteOrder32Big,
              (try? GraphicsLimits.check(width: width, height: height)) != nil else { return nil }
        let stride = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard stride >= width * 4 else { return nil }
        if let data {
            self.init(buffer: PixelBuffer(borrowing: data.assumingMemoryBound(to: UInt8.self),
                                          width: width, height: height, bytesPerRow: stride))
        } else {
            guard let buffer = try? PixelBuffer(width: width, height: height) else { return nil }
            self.init(buffer: buffer)
        }
    }

    /// Draws with `actions` into a new transparent context of `width`×`height` pixels and
    /// returns the result as an image that takes over the context's memory instead of
    /// copying it, as `UIGraphicsImageRenderer.image(actions:)` does on iOS (Flipbook's
    /// addition). The context is emptied afterwards: drawing into it then does nothing.
    public static func image(width: Int, height: Int, actions: (CGContext) -> Void) throws(GraphicsError) -> CGImage {
        let context = try CGContext(width: width, height: height)
        actions(context)
        context.layers.removeAll()
        // A context made here always owns tightly packed memory, so this hands it over;
        // the copy is only a safeguard.
        guard let pixels = context.base.takePixels() else {
            guard let copy = context.makeImage() else { throw .invalidSize(width: width, height: height) }
            return copy
        }
        context.base = .empty
        context.state = GState(bounds: context.base.bounds)
        return CGImage(storage: ImageStorage(width: width, height: height, adopting: pixels))
    }

    /// An image of the context's current pixels (a copy).
    public func makeImage() -> CGImage? {
        let source = base
        guard let storage = try? ImageStorage(width: width, height: height, fill: { out in
            for y in 0..<source.height {
                (out + y * source.width).update(from: source.row(y), count: source.width)
            }
        }) else { return nil }
        return CGImage(storage: storage)
    }

    /// Does nothing: drawing is immediate.
    public func flush() {}
    /// Does nothing: drawing is immediate.
    public func synchronize() {}
}
