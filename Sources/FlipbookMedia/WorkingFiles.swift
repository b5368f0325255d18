import Foundation
import Synchronization

/// The hidden files and folders Flipbook writes beside a destination while it works on it
/// (`.NAME.PID.UUID.partial`, `.frames` spools, ffmpeg's `.log`), and the ffmpeg processes
/// writing them: where they are, so that nothing is left behind.
///
/// - A write that finishes or fails removes its own files.
/// - `removeAll()` removes every one still open and stops ffmpeg: `flipbook` calls it when
///   interrupted (SIGINT, SIGTERM); an app that handles those signals can too.
/// - A process killed outright (`kill -9`) cannot clean up: its ffmpeg dies with it
///   (on Linux, where the kernel can be asked to), its files carry its process number, and the next write
///   into the same folder removes those whose process is gone.
public enum WorkingFiles {
    private struct Open {
        var files: Set<URL> = []
        var processes: [ObjectIdentifier: ChildProcess] = [:]
    }

    private static let open = Mutex(Open())

    /// A new working file's name beside `destination`: hidden, with this process's number,
    /// ending in `suffix`. Stale working files of dead processes in that folder go first.
    static func url(beside destination: URL, suffix: String) -> URL {
        let folder = destination.deletingLastPathComponent()
        removeStale(in: folder)
        return folder.appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).\(UUID().uuidString).\(suffix)")
    }

    /// Counts `url` as open until `close(_:)`.
    static func opened(_ url: URL) { open.withLock { _ = $0.files.insert(url.standardizedFileURL) } }

    /// `url` was removed or renamed into place.
    static func closed(_ url: URL) { open.withLock { _ = $0.files.remove(url.standardizedFileURL) } }

    /// Counts `process` as running until `ended(_:)`.
    static func started(_ process: ChildProcess) { open.withLock { $0.processes[ObjectIdentifier(process)] = process } }

    /// `process` has ended.
    static func ended(_ process: ChildProcess) { open.withLock { _ = $0.processes.removeValue(forKey: ObjectIdentifier(process)) } }

    /// Stops every ffmpeg still running and removes every working file still open.
    public static func removeAll() {
        let (files, processes) = open.withLock { state in
            defer { state = Open() }
            return (state.files, Array(state.processes.values))
        }
        for process in processes { process.terminate() }
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    /// Removes the working files in `folder` whose process has ended.
    static func removeStale(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") {
            guard let pid = owner(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The process number in a working file's name (`.NAME.PID.UUID.SUFFIX`), if it is one.
    static func owner(of name: String) -> pid_t? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 5, ["partial", "frames", "log"].contains(parts[parts.count - 1]),
              UUID(uuidString: String(parts[parts.count - 2])) != nil,
              let pid = pid_t(parts[parts.count - 3]), pid > 0 else { return nil }
        return pid
    }
}
