import Foundation
import FlipbookGraphics

/// Pixel formats `CIContext.render(_:toBitmap:rowBytes:bounds:format:colorSpace:)` writes:
/// 8 bits a channel, premultiplied. (The raw values are Flipbook's own.)
public struct CIFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Red, green, blue, alpha bytes.
    public static let RGBA8 = CIFormat(rawValue: 264)
    /// Blue, green, red, alpha bytes.
    public static let BGRA8 = CIFormat(rawValue: 266)
    /// Alpha, red, green, blue bytes.
    public static let ARGB8 = CIFormat(rawValue: 265)

    /// For each output byte, which RGBA byte goes there; nil for a format Flipbook does not write.
    var byteOrder: SIMD4<Int>? {
        switch self {
        case .RGBA8: SIMD4(0, 1, 2, 3)
        case .BGRA8: SIMD4(2, 1, 0, 3)
        case .ARGB8: SIMD4(3, 0, 1, 2)
        default: nil
        }
    }
}
