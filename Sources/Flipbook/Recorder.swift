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
        guard duration.isFinite, duration > 0 else { throw .invalidSettings("the duration must be above 0 seconds, not \(duration)") }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw .invalidSettings("the frame rate must be above 0 and at most 1000, not \(framesPerSecond)")
        }
        guard threadCount >= 1 else { throw .invalidSettings("threadCount must be at least 1, not \(threadCount)") }
        let size: (width: Int, height: Int)
        do { size = try LayerTreeSnapshot.pixelSize(bounds: bounds, scale: scale) } catch { throw .render(error) }
        let format: FrameSequenceFormat
        do {
            format = try FrameSequenceFormat(width: size.width, height: size.height, framesPerSecond: framesPerSecond)
            try format.checkFrameCount(duration: duration)
            try sink.begin(format)
        } catch {
            throw .output(error)
        }
        do throws(RecordingError) {
            try renderFrames(count: Self.frameCount(duration: duration, framesPerSecond: framesPerSecond),
                             start: start ?? CACurrentMediaTime(), format: format, into: sink)
            do { try sink.finish() } catch { throw RecordingError.output(error) }
        } catch {
            sink.cancel()
            throw error
        }
    }

    private func renderFrames(count: Int, start: CFTimeInterval, format: FrameSequenceFormat,
                              into sink: any FrameSink) throws(RecordingError) {
        let savedRate = host.framesPerSecond
        let wasRoot = host.rootLayers.contains { $0 === layer }
        host.framesPerSecond = format.framesPerSecond
        if !wasRoot { host.rootLayers.append(layer) }
        defer {
            host.framesPerSecond = savedRate
            if !wasRoot { host.rootLayers.removeAll { $0 === layer } }
        }
        let pool = threadCount > 1 ? FrameRenderPool(threads: threadCount) : nil
        defer { pool?.shutDown() }
        let limit = max(1, maximumFramesInFlight ?? 2 * threadCount)
        var inFlight: [PendingFrame] = []
        inFlight.reserveCapacity(limit)

        func deliver(_ result: Result<CGImage, GraphicsError>) throws(RecordingError) {
            switch result {
            case .success(let image):
                do { try sink.append(image) } catch { throw .output(error) }
            case .failure(let error):
                throw .render(error)
            }
        }

        let bounds = bounds, scale = scale
        for index in 0..<count {
            let time = start + format.time(ofFrame: index)
            MediaClock.shared.setManual(time)
            host.tick()
            let snapshot = host.renderTree(of: layer)
            let job: FrameRenderPool.Job = {
                Result { () throws(GraphicsError) in
                    try snapshot.render(snapshot.evaluate(at: time), bounds: bounds, scale: scale, maximumThreadCount: 1)
                }
            }
            guard let pool else {
                try deliver(job())
                continue
            }
            inFlight.append(pool.submit(job))
            if inFlight.count >= limit { try deliver(inFlight.removeFirst().wait()) }
        }
        while !inFlight.isEmpty { try deliver(inFlight.removeFirst().wait()) }
    }
}
