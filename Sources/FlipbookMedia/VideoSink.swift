import Foundation
import FlipbookGraphics

/// Writes frames as a video through an `ffmpeg` process fed raw RGBA frames on a pipe:
/// MP4 or MOV with H.264, or WebM with VP9, in 4:2:0 colour. Transparent pixels show
/// black (premultiplied colour is colour over black). Odd sizes are padded by a pixel to
/// the even size 4:2:0 needs. The encoder runs with a fixed thread count and bit-exact
/// flags, so the same frames give the same file on every machine and run.
///
/// ffmpeg is looked for in `PATH` (or at `FLIPBOOK_FFMPEG`); when it is missing, `begin`
/// throws `MediaError.toolMissing` with how to install it.
public final class VideoSink: FrameSink {
    /// The video codec and container.
    public enum Codec: Sendable, Equatable {
        /// H.264 in an MP4 (or MOV) container.
        case h264
        /// VP9 in a WebM container.
        case vp9

        /// The codec a file extension implies: `.mp4`, `.m4v`, `.mov` → H.264; `.webm` → VP9.
        public init?(pathExtension: String) {
            switch pathExtension.lowercased() {
            case "mp4", "m4v", "mov": self = .h264
            case "webm": self = .vp9
            default: return nil
            }
        }
    }

    /// The file written; nil when writing into an output given.
    public var url: URL? { destination.url }
    public let codec: Codec
    /// The constant rate factor: lower is better and larger (H.264 default 18, VP9 31).
    public let quality: Int
    /// The ffmpeg executable run; found when the sink is made, `nil` if none is installed.
    public var ffmpeg: URL? = VideoSink.ffmpegURL()

    private let destination: SinkDestination
    private var process: ChildProcess?
    private var input: FileHandle?
    private var temporaryURL: URL?
    private var logURL: URL?
    private var format: FrameSequenceFormat?

    /// Throws `invalidSettings` when `codec` is `nil` and the extension names no codec.
    public init(url: URL, codec: Codec? = nil, quality: Int? = nil) throws(MediaError) {
        guard let codec = codec ?? Codec(pathExtension: url.pathExtension) else {
            throw .invalidSettings("no video codec for extension '.\(url.pathExtension)'; use .mp4, .mov or .webm")
        }
        destination = .file(url)
        self.codec = codec
        self.quality = quality ?? (codec == .h264 ? 18 : 31)
    }

    /// A video written into `output` (memory, a stream): MP4 for H.264, WebM for VP9.
    /// ffmpeg writes a working file first (an MP4's index goes at its start once the
    /// frames are known), handed on to `output` when complete.
    public init(output: any ByteOutput, codec: Codec = .h264, quality: Int? = nil) {
        destination = .output(output)
        self.codec = codec
        self.quality = quality ?? (codec == .h264 ? 18 : 31)
    }

    deinit { cancel() }

    /// The ffmpeg executable, or `nil` when none is installed.
    public static func ffmpegURL() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["FLIPBOOK_FFMPEG"] {
            return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// What `begin` throws when ffmpeg is missing.
    public static let ffmpegMissing = MediaError.toolMissing(
        "video export runs ffmpeg, which is not installed. Install it (Debian/Ubuntu: `sudo apt-get install ffmpeg`; "
            + "macOS: `brew install ffmpeg`), set FLIPBOOK_FFMPEG to its path, or export .gif, .apng or a PNG folder instead")

    public func begin(_ format: FrameSequenceFormat) throws(MediaError) {
        guard let ffmpeg else { throw Self.ffmpegMissing }
        let anchor = destination.workingFilesAnchor
        try AtomicFile.checkDirectory(anchor.deletingLastPathComponent())
        let temporaryURL = WorkingFiles.url(beside: anchor, suffix: "partial")
        let logURL = WorkingFiles.url(beside: anchor, suffix: "log")
        // Counted before they exist, so an interruption at any moment finds them.
        WorkingFiles.opened(temporaryURL)
        WorkingFiles.opened(logURL)
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let pipe = Pipe()
        let log = FileHandle(forWritingAtPath: logURL.path)
        // A pipe whose reader died must fail the write, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: ffmpeg, arguments: arguments(format: format, output: temporaryURL),
                                       input: pipe.fileHandleForReading.fileDescriptor,
                                       output: -1, error: log?.fileDescriptor ?? -1)
        } catch {
            for file in [logURL, temporaryURL] {
                try? FileManager.default.removeItem(at: file)
                WorkingFiles.closed(file)
            }
            throw .writeFailed("could not start \(ffmpeg.path): \(error.localizedDescription)")
        }
        try? pipe.fileHandleForReading.close()
        try? log?.close()
        WorkingFiles.started(process)
        self.process = process
        self.input = pipe.fileHandleForWriting
        self.temporaryURL = temporaryURL
        self.logURL = logURL
        self.format = format
    }

    private func arguments(format: FrameSequenceFormat, output: URL) -> [String] {
        let rate = format.framesPerSecond == format.framesPerSecond.rounded() ? String(Int(format.framesPerSecond))
            : String(format.framesPerSecond)
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(format.width)x\(format.height)",
                         "-framerate", rate, "-i", "pipe:0",
                         "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p",
                         "-threads", "2", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]
        switch codec {
        case .h264:
            arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", String(quality), "-movflags", "+faststart",
                          "-f", url?.pathExtension.lowercased() == "mov" ? "mov" : "mp4"]
        case .vp9:
            arguments += ["-c:v", "libvpx-vp9", "-crf", String(quality), "-b:v", "0", "-row-mt", "0", "-f", "webm"]
        }
        return arguments + [output.path]
    }

    public func append(_ frame: CGImage) throws(MediaError) {
        _ = try checkSize(of: frame, against: format)
        guard let input else { throw .invalidSettings("append(_:) was called after finish() or cancel()") }
        do { try frame.withUnsafePremultipliedBytes { try input.write(contentsOf: $0) } } catch {
            let log = finishProcess().log
            cancel()
            throw .writeFailed("ffmpeg stopped reading frames: \(log)")
        }
    }

    public func finish() throws(MediaError) {
        guard process != nil, let temporaryURL else { throw .invalidSettings("finish() was called twice, after cancel() or before begin(_:)") }
        let (status, log) = finishProcess()
        defer { cancel() }
        guard status == 0 else { throw .writeFailed("ffmpeg failed (exit status \(status)): \(log)") }
        switch destination {
        case .file(let url):
            do { try AtomicFile.replace(url, with: temporaryURL) } catch {
                throw .writeFailed("\(url.path): \(error.localizedDescription)")
            }
        case .output(let output):
            try Self.hand(temporaryURL, to: output)
        }
    }

    /// Hands the file at `url` on to `output` in pieces of 1 MiB, then commits it.
    private static func hand(_ url: URL, to output: any ByteOutput) throws(MediaError) {
        do throws(MediaError) {
            guard let file = FileHandle(forReadingAtPath: url.path) else { throw .writeFailed("ffmpeg's output vanished") }
            defer { try? file.close() }
            while true {
                let piece: Data
                do { piece = try file.read(upToCount: 1 << 20) ?? Data() } catch { throw .writeFailed("reading ffmpeg's output: \(error.localizedDescription)") }
                if piece.isEmpty { break }
                try output.write(piece)
            }
            try output.commit()
        } catch {
            output.abort()
            throw error
        }
    }

    /// Closes ffmpeg's input, waits for it to exit and returns its exit status and what it printed.
    private func finishProcess() -> (status: Int32, log: String) {
        try? input?.close()
        input = nil
        let status = process?.waitUntilExit() ?? -1
        guard let logURL, let log = try? String(contentsOf: logURL, encoding: .utf8) else { return (status, "") }
        return (status, log.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    public func cancel() {
        // An output given is abandoned unless it was handed the whole video.
        if case .output(let output) = destination, process != nil { output.abort() }
        try? input?.close()
        input = nil
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        if let process { WorkingFiles.ended(process) }
        process = nil
        for file in [temporaryURL, logURL].compactMap({ $0 }) {
            try? FileManager.default.removeItem(at: file)
            WorkingFiles.closed(file)
        }
        temporaryURL = nil
        logURL = nil
    }
}
