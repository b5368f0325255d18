import Foundation

/// A program that takes ffmpeg's place and never reads its input or ends by itself: it
/// notes its process number and sleeps, so a test can see whether something stops it.
public struct StandInFFmpeg {
    /// The program, to run as ffmpeg (`VideoSink.ffmpeg`, or `FLIPBOOK_FFMPEG`).
    public let url: URL
    private let pidFile: URL

    /// Writes the program into `folder`.
    public init(in folder: URL) throws {
        url = folder.appendingPathComponent("stand-in-ffmpeg")
        pidFile = folder.appendingPathComponent("stand-in-ffmpeg.pid")
        try "#!/bin/sh\necho $$ > '\(pidFile.path)'\nexec sleep 600\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// Its process number once it has started (waiting for it at most `seconds`).
    public func processIdentifier(waiting seconds: Double = 60) -> pid_t? {
        for _ in 0..<Int(seconds * 20) {
            if let text = try? String(contentsOf: pidFile, encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            usleep(50_000)
        }
        return nil
    }

    /// Whether process `pid` is alive (not ended, and not a zombie waiting to be reaped).
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards) else { return false }
        return !["Z", "X"].contains(stat[end.upperBound])
    }

    /// Whether process `pid` ends within `seconds`.
    public static func ends(_ pid: pid_t, within seconds: Double) -> Bool {
        for _ in 0..<Int(seconds * 20) {
            if !isRunning(pid) { return true }
            usleep(50_000)
        }
        return !isRunning(pid)
    }
}
