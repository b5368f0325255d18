import Foundation

/// Where `Timer.scheduledTimer` sends its timers instead of the run loop, when something
/// has taken them over: Flipbook's animation host does, to fire them on its manual clock.
public enum TimerScheduling {
    /// Takes a new timer (its interval, whether it repeats, its block) and returns true, or
    /// returns false to leave it to the run loop.
    public typealias Taker = @Sendable (Timer, TimeInterval, Bool, @escaping @Sendable (Timer) -> Void) -> Bool

    private static let takeover = Takeover<Taker>()

    /// Sends new timers to `taker` from now on.
    public static func takeTimers(with taker: @escaping Taker) { takeover.install(taker) }

    static func take(_ timer: Timer, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) -> Bool {
        takeover.current?(timer, interval, repeats, block) ?? false
    }
}
