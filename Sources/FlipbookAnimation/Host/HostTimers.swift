import Foundation

/// Timers made by `Timer.scheduledTimer` on the main queue while the media clock is manual
/// fire in the headless host's ticks at exact media times instead of on the run loop. An
/// interval of 0 or less counts as 0.1 ms, as Foundation documents.
enum HostTimers {
    /// Takes over new timers: `MediaClock.shared` calls this once, when it is made.
    static func takeOver() {
        TimerScheduling.takeTimers { timer, interval, repeats, block in
            guard MainQueue.isCurrent, MediaClock.shared.isManual else { return false }
            let period = interval.isNaN || interval <= 0 ? 0.0001 : interval
            nonisolated(unsafe) let unscheduled = timer
            MainActor.assumeIsolated {
                HostTimer(timer: unscheduled, period: period, repeats: repeats, block: block).schedule(at: CACurrentMediaTime() + period)
            }
            return true
        }
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
