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
