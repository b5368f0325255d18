import Foundation
import FlipbookGraphics

/// Renders `CIImage` recipes into pixels, as Core Image's `CIContext`: in premultiplied
/// linear-light floating point, converted to 8-bit sRGB at the end. Rows are split into
/// bands rendered on all cores; the result does not depend on how many.
public final class CIContext: @unchecked Sendable {
    /// The most pixels one render may produce (16384 × 16384).
    public static let maximumPixelCount = 16384 * 16384

    /// Threads a render may use (Flipbook's addition; all cores by default).
    public var maximumThreadCount = ProcessInfo.processInfo.activeProcessorCount

    public init() {}

    /// Accepted for source compatibility with Apple's `CIContext(options:)`; options are unused.
    public convenience init(options: [String: Any]?) { self.init() }

    /// The pixels of `image` inside `rect` (Core Image coordinates; rounded out to whole
    /// pixels), the top row of the result at `rect`'s top. Nil for an empty, infinite or
    /// over-large rectangle.
    public func createCGImage(_ image: CIImage, from rect: CGRect) -> CGImage? {
        try? render(image, from: rect)
    }

    /// `createCGImage(_:from:)` with a typed error saying what was wrong.
    public func render(_ image: CIImage, from rect: CGRect) throws(GraphicsError) -> CGImage {
        let r = rect.integral
        guard !r.isNull, !r.isEmpty, !r.isUnbounded, r.width <= CGFloat(Int32.max), r.height <= CGFloat(Int32.max) else {
            throw GraphicsError.invalidSize(width: 0, height: 0)
        }
        let width = Int(r.width), height = Int(r.height)
        guard width * height <= Self.maximumPixelCount else { throw GraphicsError.invalidSize(width: width, height: height) }
        let node = image.node.prepared(for: r, threads: maximumThreadCount)
        return try CGContext.image(width: width, height: height) { context in
            guard let data = context.data else { return }
            // The context's own premultiplied RGBA8 pixels, handed over as the image uncopied.
            let target = UncheckedSendable(data.assumingMemoryBound(to: UInt8.self))
            let bytesPerRow = context.bytesPerRow
            RowBands.render(node, x: Double(r.minX), width: width, rows: height, threads: maximumThreadCount,
                            y: { Double(r.maxY) - Double($0) - 0.5 }) { row, line in
                LinearLight.encode(line.baseAddress!, count: line.count, into: target.value + row * bytesPerRow)
            }
        }
    }
}
