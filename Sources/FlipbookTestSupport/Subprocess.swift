import Foundation

/// Runs a program to its end and collects what it printed (both streams read at once, so
/// neither pipe can fill and stall it).
public enum Subprocess {
    public struct Result: Sendable {
        public let status: Int32
        public let output: Data
        public let error: String
        /// Standard output as UTF-8 text.
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments`, in
    /// `folder` when given.
    public static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> Result {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = ErrorText()
        let reader = Thread { errorText.fulfil(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: data, error: String(decoding: errorText.wait(), as: UTF8.self))
    }

    /// Standard error, read on its own thread.
    private final class ErrorText: @unchecked Sendable {
        private let condition = NSCondition()
        private var data: Data?
        func fulfil(_ value: Data) {
            condition.withLock {
                data = value
                condition.broadcast()
            }
        }
        func wait() -> Data {
            condition.withLock {
                while data == nil { condition.wait() }
                return data!
            }
        }
    }
}
