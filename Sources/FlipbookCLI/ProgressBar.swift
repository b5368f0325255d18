import Foundation

/// A progress bar on standard error: redrawn in place on a terminal, a line a step
/// otherwise (so logs stay readable).
struct ProgressBar {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let width = 30

    /// Shows `done` of `count` finished and `now` under way.
    func show(done: Int, of count: Int, now: String) {
        let filled = count > 0 ? width * done / count : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "[\(bar)] \(done)/\(count) \(now)"
        write(isTerminal ? "\r\u{1B}[2K" + line : line + "\n")
    }

    /// Shows the bar full, and ends its line.
    func finish(count: Int) {
        show(done: count, of: count, now: "done")
        if isTerminal { write("\n") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
