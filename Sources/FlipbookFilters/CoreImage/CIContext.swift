import Foundation
import FlipbookGraphics

/// Renders `CIImage` recipes into pixels, as Core Image's `CIContext`: in premultiplied
/// linear-light floating point, converted to 8-bit sRGB at the end. Rows are split into
/// bands rendered on all cores; the result does not depend on how many.
///
/// Recipes that only read bitmaps on their own pixel grid and mix them (a dissolve, a soft
/// swipe) are rendered straight in 8-bit instead, giving the same bytes faster.
public final class CIContext: @unchecked Sendable {
    /// The most pixels one render may produce (16384 × 16384).
    public static let maximumPixelCount = 16384 * 16384

    /// Threads a render may use (Flipbook's addition; all cores by default).
    public var maximumThreadCount = ProcessInfo.processInfo.activeProcessorCount

    public init() {}

    /// Accepted for source compatibility with Apple's `CIContext(options:)`; options are unused.
    public convenience init(options: [String: Any]?) { self.init() }

    /// Frees the memory kept for later renders, as Apple's does: blurs keep the blocks
    /// their intermediate images used (up to 512 MB, shared by every context) so that the
    /// next frame need not fault fresh memory in.
    public func clearCaches() {
        RasterMemory.releaseWaiting()
    }

    /// The pixels of `image` inside `rect` (Core Image coordinates), the top row of the
    /// result at `rect`'s top. The result has as many pixels as `rect` rounded out to whole
    /// pixels; as Apple's, a rectangle with fractional edges is sampled on a grid laid from
    /// its own top-left corner (so the `extent` of a transition that ends between pixels
    /// renders as on iOS: Apple's accordion fold from x −125.75 is 1501 pixels wide, its
    /// pictures on the grid from −125.75, not from −126). Nil for an empty, infinite or
    /// over-large rectangle.
    public func createCGImage(_ image: CIImage, from rect: CGRect) -> CGImage? {
        try? render(image, from: rect)
    }

    /// `createCGImage(_:from:)` with a typed error saying what was wrong.
    public func render(_ image: CIImage, from rect: CGRect) throws(GraphicsError) -> CGImage {
        let r = try Self.pixelGrid(rect)
        return try CGContext.image(width: Int(r.width), height: Int(r.height)) { context in
            // The context's own premultiplied RGBA8 pixels, handed over as the image uncopied.
            guard let data = context.data else { return }
            draw(image, in: r, into: data.assumingMemoryBound(to: UInt8.self), rowBytes: context.bytesPerRow)
        }
    }

    /// Renders the pixels of `image` inside `bounds` (laid out as `createCGImage` lays
    /// them) into `data`, `rowBytes` apart, the top row first, as Apple's method does; the
    /// memory is the caller's, so a video pipeline can reuse its frames. `format` is
    /// `.RGBA8`, `.BGRA8` or `.ARGB8`, premultiplied; pixels are sRGB-encoded whatever
    /// `colorSpace` says. Empty, infinite or over-large bounds and rows too short for them write
    /// nothing and are reported through `FilterDiagnostics`.
    public func render(_ image: CIImage, toBitmap data: UnsafeMutableRawPointer, rowBytes: Int, bounds: CGRect,
                       format: CIFormat, colorSpace: CGColorSpace?) {
        let r: CGRect
        do { r = try Self.pixelGrid(bounds) } catch {
            return FilterDiagnostics.report("CIContext.render(_:toBitmap:): \(error.localizedDescription); nothing rendered")
        }
        guard let order = format.byteOrder else {
            return FilterDiagnostics.report("CIContext.render(_:toBitmap:): format \(format.rawValue) is not one of RGBA8, BGRA8 and ARGB8; nothing rendered")
        }
        guard rowBytes >= Int(r.width) * 4 else {
            return FilterDiagnostics.report("CIContext.render(_:toBitmap:): rowBytes \(rowBytes) is under the \(Int(r.width) * 4) bytes a row of \(Int(r.width)) pixels needs; nothing rendered")
        }
        draw(image, in: r, into: data.assumingMemoryBound(to: UInt8.self), rowBytes: rowBytes, order: order)
    }

    /// The grid of pixels a render of `rect` fills: as many as `rect` rounded out to whole
    /// pixels, laid from `rect`'s top-left corner; refused when empty, unbounded or over the
    /// limit.
    private static func pixelGrid(_ rect: CGRect) throws(GraphicsError) -> CGRect {
        let r = rect.integral
        guard !r.isNull, !r.isEmpty, !r.isUnbounded, r.width <= CGFloat(Int32.max), r.height <= CGFloat(Int32.max) else {
            throw GraphicsError.invalidSize(width: 0, height: 0)
        }
        guard Int(r.width) * Int(r.height) <= maximumPixelCount else { throw GraphicsError.invalidSize(width: Int(r.width), height: Int(r.height)) }
        return CGRect(x: rect.minX, y: rect.maxY - r.height, width: r.width, height: r.height)
    }

    /// Renders the grid of pixels `r` (whole pixels in size, anywhere) into `target` as
    /// RGBA, each row's bytes then put in `order` (the source byte of each output byte).
    private func draw(_ image: CIImage, in r: CGRect, into target: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                      order: SIMD4<Int> = SIMD4(0, 1, 2, 3)) {
        let width = Int(r.width), height = Int(r.height), threads = maximumThreadCount
        let node = image.node.prepared(for: r, threads: threads)
        let target = UncheckedSendable(target)
        func finish(_ line: UnsafeMutablePointer<UInt8>) {
            guard order != SIMD4(0, 1, 2, 3) else { return }
            for i in 0..<width {
                let p = line + 4 * i, rgba = (p[0], p[1], p[2], p[3])
                (p[0], p[1], p[2], p[3]) = withUnsafeBytes(of: rgba) { ($0[order[0]], $0[order[1]], $0[order[2]], $0[order[3]]) }
            }
        }
        // Straight in 8-bit on whole pixels where the recipe can (its tables made once).
        let rows = r.minX == r.minX.rounded() && r.maxY == r.maxY.rounded() ? node.byteRows : nil
        RowBands.forEachRow(height, width: width, threads: threads) { k, scratch in
            let line = target.value + k * rowBytes
            if let rows {
                rows.copyRow(column: Int(r.minX), row: Int(r.maxY) - 1 - k, count: width, into: line, scratch: scratch)
            } else {
                node.encode(.row(x: Double(r.minX), y: Double(r.maxY) - Double(k) - 0.5, count: width), into: line, scratch: scratch)
            }
            finish(line)
        }
    }
}
