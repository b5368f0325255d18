import CFlipbookProcess
import Foundation
import Synchronization

/// A program Flipbook runs (ffmpeg), bound to Flipbook's life: it dies with the process
/// that started it, even when that process is killed outright (`kill -9`), instead of
/// finishing a file nobody will use.
///
/// - It starts clean of Flipbook's signal state (every signal at its default action, none
///   blocked), so `terminate()` stops it even where `flipbook` ignores SIGTERM to handle it
///   itself, or a dispatch thread blocks it; and with only its three standard streams open.
/// - On Linux the kernel kills it when its parent ends (`PR_SET_PDEATHSIG`). The kernel
///   counts as parent the *thread* that started the child, and a dispatch worker thread can
///   end while its ffmpeg still works, so every child is started from one thread that lives
///   as long as the process. Elsewhere, interruption still stops it
///   (`WorkingFiles.removeAll()`), but after `kill -9` it finishes its working file, which
///   the next write into that folder removes.
final class ChildProcess: Sendable {
    /// The child's process number.
    let processIdentifier: pid_t
    /// Its exit status once known: the code it exited with, or 128 + the signal that ended it.
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`, reading `input` and writing `output` and `error`
    /// (file descriptors, left open for the caller to close; -1 for /dev/null).
    init(executable: URL, arguments: [String], input: Int32, output: Int32, error: Int32) throws(POSIXError) {
        let job = LaunchJob(path: executable.path, arguments: [executable.path] + arguments, streams: (input, output, error))
        Self.launcher.perform(job)
        guard let pid = job.pid else { throw POSIXError(POSIXErrorCode(rawValue: job.failure) ?? .EIO) }
        processIdentifier = pid
    }

    /// Whether it is still running.
    var isRunning: Bool {
        status.withLock { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            switch waitpid(processIdentifier, &raw, WNOHANG) {
            case 0: return true
            case processIdentifier: status = Self.exitStatus(raw); return false
            default: return false
            }
        }
    }

    /// Waits until it has ended; its exit status (128 + the signal if a signal ended it).
    @discardableResult
    func waitUntilExit() -> Int32 {
        if let known = status.withLock({ $0 }) { return known }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(processIdentifier, &raw, 0) } while result < 0 && errno == EINTR
        return status.withLock { status in
            if result == processIdentifier, status == nil { status = Self.exitStatus(raw) }
            return status ?? 128 + SIGKILL
        }
    }

    /// Asks it to stop (SIGTERM), if it is still running.
    func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    private static let launcher = LauncherThread()
}

/// One child to start, handed to the launcher thread, and how it went.
private final class LaunchJob: @unchecked Sendable {
    let path: String
    let arguments: [String]
    let streams: (Int32, Int32, Int32)
    var pid: pid_t?
    var failure: Int32 = 0
    let done = DispatchSemaphore(value: 0)

    init(path: String, arguments: [String], streams: (Int32, Int32, Int32)) {
        self.path = path
        self.arguments = arguments
        self.streams = streams
    }

    /// Starts the child (on the launcher thread).
    func run() {
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        failure = fb_spawn(path, &argv, streams.0, streams.1, streams.2, &child)
        if failure == 0 { pid = child }
    }
}

/// A thread that never ends, starting the children it is given one at a time.
private final class LauncherThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [LaunchJob] = []

    init() {
        let thread = Thread { [self] in serve() }
        thread.name = "flipbook.child-launcher"
        thread.start()
    }

    /// Runs `job` on the launcher thread and waits for it.
    func perform(_ job: LaunchJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
        job.done.wait()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.run()
            job.done.signal()
        }
    }
}
