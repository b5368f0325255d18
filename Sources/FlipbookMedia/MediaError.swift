import Foundation
import FlipbookGraphics

/// Why an image file could not be read or written.
public enum MediaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data ends before the image does.
    case truncated(String)
    /// The data is an image of a kind or variant Flipbook does not read.
    case unsupported(String)
    /// The data is not an image Flipbook recognises (no PNG, JPEG or GIF signature).
    case notAnImage
    /// The image is larger than `GraphicsLimits` allows.
    case overSizeLimit(width: Int, height: Int)
    /// The file declares an image or animation larger than the `DecodingBudget` allows;
    /// the message says which and by how much.
    case overBudget(String)
    /// The data is damaged: the decoder's own message says where.
    case corrupt(String)
    /// Encoding or writing failed.
    case writeFailed(String)
    /// Settings that cannot make a file: a frame rate of 0, a frame of the wrong size….
    case invalidSettings(String)
    /// A program Flipbook runs (ffmpeg for video) is not installed; the message says how
    /// to install it.
    case toolMissing(String)

    public var description: String {
        switch self {
        case .truncated(let detail): return "image data is truncated: \(detail)"
        case .unsupported(let detail): return "unsupported image: \(detail)"
        case .notAnImage: return "data is not an image Flipbook reads: no PNG, JPEG or GIF signature"
        case let .overSizeLimit(w, h):
            return "image is \(w)×\(h), over the limit of \(GraphicsLimits.maximumDimension) pixels a side "
                + "and \(GraphicsLimits.maximumPixelCount) pixels in all"
        case .overBudget(let detail): return "image refused: \(detail)"
        case .corrupt(let detail): return "image data is corrupt: \(detail)"
        case .writeFailed(let detail): return "could not write: \(detail)"
        case .invalidSettings(let detail): return "invalid settings: \(detail)"
        case .toolMissing(let detail): return detail
        }
    }
}
