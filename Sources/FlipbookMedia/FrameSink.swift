import Foundation
import FlipbookGraphics

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
