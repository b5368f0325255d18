import Foundation

/// A function something installs, from any thread, to take over work Foundation would
/// otherwise do (timers, main-queue work), and that any thread reads: nil until installed.
final class Takeover<Taker>: @unchecked Sendable {
    private let lock = NSLock()
    private var taker: Taker?

    /// Uses `taker` from now on.
    func install(_ taker: Taker) { lock.withLock { self.taker = taker } }

    /// The taker installed, if any.
    var current: Taker? { lock.withLock { taker } }
}
