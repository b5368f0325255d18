/// Errors FlipbookGraphics throws for input it cannot draw with.
public enum GraphicsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A width or height that is zero, negative or not finite.
    case invalidSize(width: Int, height: Int)
    /// A bitmap larger than `GraphicsLimits.maximumDimension` on a side or
    /// `GraphicsLimits.maximumPixelCount` in all.
    case tooLarge(width: Int, height: Int)
    /// Pixel data shorter than its width, height and row stride need.
    case pixelDataTooShort(needed: Int, got: Int)
    /// A bitmap layout Flipbook does not read or write.
    case unsupportedFormat(String)
    /// The system could not give the memory for a bitmap.
    case outOfMemory(bytes: Int)

    public var description: String {
        switch self {
        case let .invalidSize(w, h):
            return "invalid bitmap size \(w)×\(h): width and height must be at least 1"
        case let .tooLarge(w, h):
            return "bitmap \(w)×\(h) is over the limit of \(GraphicsLimits.maximumDimension) pixels a side "
                + "and \(GraphicsLimits.maximumPixelCount) pixels in all; draw it in tiles or at a smaller scale"
        case let .pixelDataTooShort(needed, got):
            return "pixel data has \(got) bytes but the size and row stride need \(needed)"
        case let .unsupportedFormat(what):
            return "unsupported bitmap format: \(what)"
        case let .outOfMemory(bytes):
            return "out of memory: \(bytes) bytes of pixels could not be allocated"
        }
    }
}
