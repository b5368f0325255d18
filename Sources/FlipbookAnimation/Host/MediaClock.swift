import Foundation

/// The process's media clock, which `CACurrentMediaTime()` reads.
///
/// It is monotonic by default (seconds since an arbitrary start, never going back). Switch
/// it to manual for tests and offline rendering: then it reads exactly what it was set to
/// and moves only when told, so every frame lands at an exact time.
public final class MediaClock: @unchecked Sendable {
    /// The clock `CACurrentMediaTime()` reads. While it is manual, timers made on the main
    /// queue run on it (`HostTimers`), and work sent to the main queue by any of Dispatch's
    /// and Foundation's ways joins the host's ticks (`HostInbox`).
    public static let shared: MediaClock = {
        HostTimers.takeOver()
        HostInbox.takeOver()
        return MediaClock()
    }()

    private let lock = NSLock()
    private var manualTime: CFTimeInterval?

    public init() {}

    /// The current media time in seconds.
    public var now: CFTimeInterval {
        lock.withLock { manualTime } ?? Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Whether the clock only moves when told.
    public var isManual: Bool { lock.withLock { manualTime != nil } }

    /// Switches to manual time, reading `time` from now on. Non-finite times are ignored.
    public func setManual(_ time: CFTimeInterval) {
        guard time.isFinite else { return }
        lock.withLock { manualTime = time }
    }

    /// Moves manual time forward by `seconds` (switching to manual at the current time
    /// first if needed). Negative or non-finite amounts are ignored: time never goes back.
    public func advance(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds >= 0 else { return }
        let start = now
        lock.withLock { manualTime = (manualTime ?? start) + seconds }
    }

    /// Returns to the monotonic clock.
    public func useMonotonic() { lock.withLock { manualTime = nil } }
}

/// The current media time in seconds, from `MediaClock.shared`.
public func CACurrentMediaTime() -> CFTimeInterval { MediaClock.shared.now }
