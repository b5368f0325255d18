import Foundation
import FlipbookGraphics

/// Image file formats Flipbook reads and writes.
public enum ImageFormat: Sendable, Equatable {
    /// PNG with a zlib compression level 0–9.
    case png(compressionLevel: Int = 6)
    /// JPEG with a quality 0–1, baseline or progressive (alpha is dropped: colour is
    /// composited over black).
    case jpeg(quality: CGFloat = 0.9, progressive: Bool = false)

    /// The format a path's extension names (`.png`, `.jpg`, `.jpeg`), or `nil`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "png": self = .png()
        case "jpg", "jpeg": self = .jpeg()
        default: return nil
        }
    }
}
