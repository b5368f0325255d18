import FlipbookMedia
import FlipbookTestSupport
import Foundation
import Testing

/// ffmpeg is bound to the life of the process that started it — not to the thread: a video
/// begun on a thread that then ends keeps its ffmpeg until the video is finished or cancelled.
struct ChildProcessTests {
    @Test func ffmpegOutlivesTheThreadThatStartedIt() throws {
        let folder = try TemporaryDirectory()
        let standIn = try StandInFFmpeg(in: folder.url)
        nonisolated(unsafe) let sink = try VideoSink(url: folder.file("out.mp4"))
        sink.ffmpeg = standIn.url
        let begun = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        let thread = Thread {
            do { try sink.begin(FrameSequenceFormat(width: 4, height: 4, framesPerSecond: 10)) } catch { failure = error }
            begun.signal()
        }
        thread.start()
        begun.wait()
        #expect(failure == nil, "\(String(describing: failure))")
        let pid = try #require(standIn.processIdentifier())
        // The thread has ended; a parent-death signal bound to it would have fired by now.
        usleep(300_000)
        #expect(StandInFFmpeg.isRunning(pid), "ffmpeg died with the thread that started it")
        sink.cancel()
        #expect(StandInFFmpeg.ends(pid, within: 10))
        #expect(folder.contents.filter { $0.hasPrefix(".") }.isEmpty, "\(folder.contents)")
    }
}
