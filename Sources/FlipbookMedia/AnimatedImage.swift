import Foundation
import FlipbookGraphics

/// The frames of an animated GIF or PNG (APNG) as they are shown, each a full image, with
/// how long each shows. Used to check exported files; also reads files made elsewhere.
public struct AnimatedImage: Sendable {
    /// Every frame, fully composed (premultiplied RGBA).
    public var frames: [CGImage]
    /// How long each frame shows, in seconds.
    public var delays: [Double]
    /// How many times the animation repeats (0 forever), or `nil` if the file does not say.
    public var loopCount: Int?

    public init(frames: [CGImage], delays: [Double], loopCount: Int?) {
        self.frames = frames
        self.delays = delays
        self.loopCount = loopCount
    }

    /// Decodes a GIF or an APNG (a PNG without animation gives its one image). A file
    /// declaring more than `budget` allows, or an animation with no frame, is refused.
    public init(data: Data, budget: DecodingBudget = .standard) throws(MediaError) {
        if GIFDecoder.isGIF(data) {
            self = try GIFDecoder.decode(data, budget: budget)
        } else if data.starts(with: PNGDecoder.signature) {
            self = try APNGDecoder.decode(data, budget: budget)
        } else {
            throw .notAnImage
        }
    }

    /// Reads and decodes a file (a regular file: not a folder, device or pipe).
    public init(contentsOf url: URL, budget: DecodingBudget = .standard) throws(MediaError) {
        try self.init(data: try ImageFile.read(url), budget: budget)
    }

    /// A composed canvas (premultiplied RGBA words) as a frame image.
    static func frame(_ pixels: [UInt32], width: Int, height: Int) throws(MediaError) -> CGImage {
        let bytes = pixels.withUnsafeBytes { Data($0) }
        do throws(GraphicsError) {
            return try CGImage(width: width, height: height, pixels: bytes, layout: .rgba(premultiplied: true))
        } catch {
            throw .corrupt(error.description)
        }
    }
}
