import Foundation
import FlipbookGraphics

/// The frames a `FrameSink` is about to receive: every frame's pixel size and the rate
/// they come at (frame `i` is shown from `i / framesPerSecond` seconds).
public struct FrameSequenceFormat: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var framesPerSecond: Double

    /// The most frames one sequence may have: a million (over nine hours at 30 fps), so a
    /// duration or rate that is a slip of the finger fails at once instead of running for
    /// days.
    public static let maximumFrameCount = 1_000_000

    /// Throws unless `duration` seconds at the format's rate are at most
    /// `maximumFrameCount` frames.
    public func checkFrameCount(duration: Double) throws(MediaError) {
        let frames = duration * framesPerSecond
        guard frames.isFinite, frames <= Double(Self.maximumFrameCount) else {
            throw .invalidSettings("\(duration) seconds at \(framesPerSecond) frames a second are more than \(Self.maximumFrameCount) frames")
        }
    }

    /// Throws unless the size is within `GraphicsLimits` and the rate is finite and above 0.
    public init(width: Int, height: Int, framesPerSecond: Double) throws(MediaError) {
        guard framesPerSecond.isFinite, framesPerSecond > 0 else {
            throw .invalidSettings("the frame rate must be a number above 0, not \(framesPerSecond)")
        }
        do { try GraphicsLimits.check(width: width, height: height) } catch {
            throw .invalidSettings("frames of \(width)×\(height) pixels: \(error.description)")
        }
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
    }

    /// When frame `index` starts, in seconds.
    public func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }
}

/// Receives a sequence of equally sized frames, in order, and writes them somewhere: a
/// PNG sequence, an animated GIF or PNG, a video. Files appear under their final names only
/// when `finish()` succeeds; `cancel()` (or any error) leaves nothing partial behind.
///
/// A sink is used once: `begin`, `append` for every frame, then `finish` or `cancel`.
public protocol FrameSink: AnyObject {
    /// Prepares for frames of `format`.
    func begin(_ format: FrameSequenceFormat) throws(MediaError)
    /// Adds the next frame, which must have the format's size.
    func append(_ frame: CGImage) throws(MediaError)
    /// Completes the output and moves it to its final name.
    func finish() throws(MediaError)
    /// Abandons the output, removing anything written so far.
    func cancel()
}

extension FrameSink {
    /// Throws unless `frame` has `format`'s size.
    func checkSize(of frame: CGImage, against format: FrameSequenceFormat?) throws(MediaError) -> FrameSequenceFormat {
        guard let format else { throw .invalidSettings("append(_:) was called before begin(_:)") }
        guard frame.width == format.width, frame.height == format.height else {
            throw .invalidSettings("a frame of \(frame.width)×\(frame.height) pixels in a sequence of \(format.width)×\(format.height)")
        }
        return format
    }
}
