import Foundation
import FlipbookGraphics

/// Writes each frame as a PNG file in a folder: `frame-00000.png`, `frame-00001.png`, …
///
/// The frames are written into a temporary folder beside the destination and moved into
/// the destination (created if missing; files of the same names replaced) by `finish()`,
/// so a cancelled or failed sequence leaves the destination untouched.
public final class PNGSequenceSink: FrameSink {
    /// The folder the frames end up in.
    public let directory: URL
    /// What each file name starts with.
    public let prefix: String
    /// The zlib level of every file.
    public let compressionLevel: Int
    private var format: FrameSequenceFormat?
    private var staging: URL?
    private var names: [String] = []

    public init(directory: URL, prefix: String = "frame-", compressionLevel: Int = 6) {
        self.directory = directory
        self.prefix = prefix
        self.compressionLevel = compressionLevel
    }

    deinit { cancel() }

    public func begin(_ format: FrameSequenceFormat) throws(MediaError) {
        let parent = directory.deletingLastPathComponent()
        try AtomicFile.checkDirectory(parent)
        let staging = WorkingFiles.url(beside: directory, suffix: "partial")
        // Counted before it exists, so an interruption at any moment finds it.
        WorkingFiles.opened(staging)
        do { try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false) } catch {
            WorkingFiles.closed(staging)
            throw .writeFailed("cannot create a folder in \(parent.path): \(error.localizedDescription)")
        }
        self.staging = staging
        self.format = format
    }

    public func append(_ frame: CGImage) throws(MediaError) {
        _ = try checkSize(of: frame, against: format)
        guard let staging else { throw .invalidSettings("append(_:) was called after finish() or cancel()") }
        let name = prefix + String(format: "%05d", names.count) + ".png"
        do {
            try PNGEncoder(compressionLevel: compressionLevel).encode(frame).write(to: staging.appendingPathComponent(name))
        } catch let error as MediaError {
            cancel()
            throw error
        } catch {
            cancel()
            throw .writeFailed("\(staging.path)/\(name): \(error.localizedDescription)")
        }
        names.append(name)
    }

    public func finish() throws(MediaError) {
        guard let staging else { throw .invalidSettings("finish() was called twice or after cancel()") }
        defer { cancel() }
        do {
            if FileManager.default.fileExists(atPath: directory.path) {
                for name in names {
                    try AtomicFile.replace(directory.appendingPathComponent(name), with: staging.appendingPathComponent(name))
                }
            } else {
                try FileManager.default.moveItem(at: staging, to: directory)
            }
        } catch {
            throw .writeFailed("\(directory.path): \(error.localizedDescription)")
        }
    }

    public func cancel() {
        guard let staging else { return }
        self.staging = nil
        try? FileManager.default.removeItem(at: staging)
        WorkingFiles.closed(staging)
    }
}
