import FlipbookGraphics
import FlipbookMedia
import Foundation

/// The loop every recording runs, whatever makes its frames: it checks the duration and
/// frame rate, counts the frames (`Recorder.frameCount`), begins the sink, asks for each
/// frame's render job in order on the calling thread, renders the jobs on `threadCount`
/// threads with at most `maximumFramesInFlight` waiting, hands the pictures to the sink in
/// order, and finishes the sink, or cancels it on any error so that nothing is left under
/// the output's name.
struct RecordingLoop {
    /// A frame's rendering, run on one of the loop's threads.
    typealias Job = FrameRenderPool.Job

    var threadCount: Int
    var maximumFramesInFlight: Int?

    /// Records `duration` seconds at `framesPerSecond` of `width` × `height` pixels into
    /// `sink`; `frame(index, time)` prepares frame `index`, which shows `time` seconds
    /// after the start (`index / framesPerSecond`).
    func run(duration: Double, framesPerSecond: Double, width: Int, height: Int, into sink: any FrameSink,
             frame: (_ index: Int, _ time: Double) throws(RecordingError) -> Job) throws(RecordingError) {
        guard duration.isFinite, duration > 0 else { throw .invalidSettings("the duration must be above 0 seconds, not \(duration)") }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw .invalidSettings("the frame rate must be above 0 and at most 1000, not \(framesPerSecond)")
        }
        guard threadCount >= 1 else { throw .invalidSettings("threadCount must be at least 1, not \(threadCount)") }
        let format: FrameSequenceFormat
        do {
            format = try FrameSequenceFormat(width: width, height: height, framesPerSecond: framesPerSecond)
            try format.checkFrameCount(duration: duration)
            try sink.begin(format)
        } catch {
            throw .output(error)
        }
        do throws(RecordingError) {
            try render(count: Recorder.frameCount(duration: duration, framesPerSecond: framesPerSecond), format: format,
                       into: sink, frame: frame)
            do { try sink.finish() } catch { throw RecordingError.output(error) }
        } catch {
            sink.cancel()
            throw error
        }
    }

    private func render(count: Int, format: FrameSequenceFormat, into sink: any FrameSink,
                        frame: (Int, Double) throws(RecordingError) -> Job) throws(RecordingError) {
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

        for index in 0..<count {
            let job = try frame(index, format.time(ofFrame: index))
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
