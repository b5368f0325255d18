import FlipbookFilters
import FlipbookGraphics
import FlipbookMedia
import Foundation

extension Recorder {
    /// Records `transition` played over `duration` seconds into the file or folder `url`
    /// names (see `FrameSinks.sink(for:)`). As in every recording, frame `i` shows the
    /// time `i / framesPerSecond`, here the progress `i / framesPerSecond / duration`: the
    /// first frame is the source and the last is one frame short of the target. Frames
    /// render on `threadCount` threads; the file is the same for every count.
    public nonisolated static func record(_ transition: TransitionFrames, duration: Double, framesPerSecond: Double,
                                          threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                                          to url: URL) throws(RecordingError) {
        let sink: any FrameSink
        do { sink = try FrameSinks.sink(for: url) } catch { throw .output(error) }
        try record(transition, duration: duration, framesPerSecond: framesPerSecond, threadCount: threadCount, to: sink)
    }

    /// Records `transition` played over `duration` seconds into `sink` (see
    /// `record(_:duration:framesPerSecond:threadCount:to:)` with a URL). On any error the
    /// sink is cancelled.
    public nonisolated static func record(_ transition: TransitionFrames, duration: Double, framesPerSecond: Double,
                                          threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                                          to sink: any FrameSink) throws(RecordingError) {
        let frame = CGRect(x: 0, y: 0, width: transition.width, height: transition.height)
        let context = CIContext()
        context.maximumThreadCount = 1
        let loop = RecordingLoop(threadCount: threadCount, maximumFramesInFlight: nil)
        try loop.run(duration: duration, framesPerSecond: framesPerSecond, width: transition.width, height: transition.height,
                     into: sink) { _, time throws(RecordingError) in
            let image: CIImage
            do throws(FilterError) { image = try transition.image(at: time / duration) } catch { throw .filter(error) }
            return { Result { () throws(GraphicsError) in try context.render(image, from: frame) } }
        }
    }
}
