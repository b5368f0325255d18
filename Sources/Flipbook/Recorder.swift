import Foundation
import FlipbookAnimation
import FlipbookGraphics
import FlipbookMedia

/// Records a layer tree's animation into files: PNG sequences, GIF, APNG, MP4, WebM.
///
/// For each frame the recorder sets the manual media clock to the frame's exact time and
/// ticks the host (display links fire, layout runs, the implicit transaction commits), as
/// a screen refresh would; then the frame renders off the main thread. Frames render in
/// parallel on `threadCount` threads with at most `maximumFramesInFlight` waiting, so
/// memory stays flat however long the recording, and reach the sink in order. The output
/// is the same, byte for byte, for every thread count.
///
/// ```swift
/// let recorder = Recorder(layer: root, scale: 2)
/// try recorder.record(duration: 2, framesPerSecond: 30, to: URL(fileURLWithPath: "flip.gif"))
/// ```
@MainActor
public final class Recorder {
    /// The root of the scene.
    public let layer: CALayer
    /// The part of the root's superlayer space recorded, in points.
    public var bounds: CGRect
    /// Pixels per point.
    public var scale: CGFloat
    /// The host whose tick runs each frame.
    public let host: AnimationHost
    /// Threads that render frames; 1 renders on the calling thread.
    public var threadCount = ProcessInfo.processInfo.activeProcessorCount
    /// Frames rendered ahead of the sink at most (default twice the threads).
    public var maximumFramesInFlight: Int?
    /// Called on the main actor as each frame's time is reached, with the frame's index and
    /// the recording's frame count: for a progress bar.
    public var onFrame: ((_ index: Int, _ count: Int) -> Void)?

    /// A recorder of `layer` within `bounds` (the layer's frame when `nil`).
    public init(layer: CALayer, bounds: CGRect? = nil, scale: CGFloat = 1, host: AnimationHost = .shared) {
        self.layer = layer
        self.bounds = bounds ?? layer.frame
        self.scale = scale
        self.host = host
    }

    /// How many frames `duration` seconds at `framesPerSecond` make: frame `i` shows from
    /// `i / framesPerSecond`, and the last one starts before the end.
    public nonisolated static func frameCount(duration: CFTimeInterval, framesPerSecond: Double) -> Int {
        let frames = (duration * framesPerSecond - 1e-9).rounded(.up)
        return frames.isFinite ? max(1, Int(min(frames, Double(Int32.max)))) : 1
    }

    /// Records `duration` seconds starting at media time `start` (now when `nil`) into the
    /// file or folder `url` names (see `FrameSinks.sink(for:)`).
    public func record(duration: CFTimeInterval, framesPerSecond: Double, from start: CFTimeInterval? = nil,
                       to url: URL) throws(RecordingError) {
        let sink: any FrameSink
        do { sink = try FrameSinks.sink(for: url) } catch { throw .output(error) }
        try record(duration: duration, framesPerSecond: framesPerSecond, from: start, to: sink)
    }

    /// Records `duration` seconds starting at media time `start` (now when `nil`) into
    /// `sink`. On any error the sink is cancelled.
    public func record(duration: CFTimeInterval, framesPerSecond: Double, from start: CFTimeInterval? = nil,
                       to sink: any FrameSink) throws(RecordingError) {
        let size: (width: Int, height: Int)
        do { size = try RenderTree.pixelSize(bounds: bounds, scale: scale) } catch { throw .render(error) }
        let savedRate = host.framesPerSecond
        host.framesPerSecond = framesPerSecond
        defer { host.framesPerSecond = savedRate }
        try host.withRoot(layer) { () throws(RecordingError) in
            try record(duration: duration, framesPerSecond: framesPerSecond, from: start, size: size, into: sink)
        }
    }

    /// The recording loop itself, the layer among the host's roots.
    private func record(duration: CFTimeInterval, framesPerSecond: Double, from start: CFTimeInterval?,
                        size: (width: Int, height: Int), into sink: any FrameSink) throws(RecordingError) {
        let start = start ?? CACurrentMediaTime()
        let area = bounds, scale = scale
        let loop = RecordingLoop(threadCount: threadCount, maximumFramesInFlight: maximumFramesInFlight)
        let count = Self.frameCount(duration: duration, framesPerSecond: framesPerSecond)
        try loop.run(duration: duration, framesPerSecond: framesPerSecond, width: size.width, height: size.height,
                     into: sink) { index, offset in
            self.onFrame?(index, count)
            let time = start + offset
            MediaClock.shared.setManual(time)
            self.host.tick()
            let snapshot = self.host.renderTree(of: self.layer)
            return {
                Result { () throws(GraphicsError) in
                    try snapshot.render(snapshot.evaluate(at: time), bounds: area, scale: scale, maximumThreadCount: 1)
                }
            }
        }
    }
}
