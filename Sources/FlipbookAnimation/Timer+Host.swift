import Foundation

extension Timer {
    /// A timer that calls `block` after `interval` seconds, and again every `interval`
    /// when `repeats`, as Foundation's. Called from the main queue while the media clock is
    /// manual, it fires in the headless host's ticks at exact media times instead of on the
    /// run loop; `invalidate()` stops it either way. An interval of 0 or less counts as
    /// 0.1 ms, as Foundation documents.
    ///
    /// Flipbook's module shadows Foundation's method with this one in a file that imports
    /// Flipbook and not Foundation itself (Flipbook re-exports it); with both imported,
    /// the call is ambiguous and fails to compile rather than run on the wrong clock.
    @discardableResult
    public class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                     block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        guard MainQueue.isCurrent, MediaClock.shared.isManual else {
            RunLoop.current.add(timer, forMode: .default)
            return timer
        }
        let period = interval.isNaN || interval <= 0 ? 0.0001 : interval
        nonisolated(unsafe) let unscheduled = timer
        MainActor.assumeIsolated {
            HostTimer(timer: unscheduled, period: period, repeats: repeats, block: block)
                .schedule(at: CACurrentMediaTime() + period)
        }
        return timer
    }
}

/// A `Timer` that fires on the host's manual clock. A repeating one keeps to its own
/// schedule (every `period` from its start), whatever the ticks' times.
@MainActor
private struct HostTimer {
    let timer: Timer
    let period: TimeInterval
    let repeats: Bool
    let block: @Sendable (Timer) -> Void

    func schedule(at time: CFTimeInterval) {
        AnimationHost.shared.schedule(at: time) {
            guard timer.isValid else { return }
            block(timer)
            guard repeats, timer.isValid else { return timer.invalidate() }
            // A tick late by more than a period skips the missed firings, as Foundation does.
            let now = CACurrentMediaTime()
            schedule(at: time + period * max(1, ((now - time) / period).rounded(.down) + 1))
        }
    }
}
