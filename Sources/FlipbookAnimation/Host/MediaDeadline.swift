import Dispatch
import Foundation

/// A deadline written `.now() + seconds` in `DispatchQueue.asyncAfter(deadline:execute:)`
/// (Flipbook's addition: Swift picks it for that spelling in files that import Flipbook).
///
/// It keeps the delay itself rather than a converted instant, so on the main queue under
/// the manual media clock the work runs in the first tick that much media time after
/// `now()`, however much real time passed while the code ran. Anywhere else it is
/// Dispatch's deadline `DispatchTime.now() + seconds`.
public struct MediaDeadline: Sendable {
    /// The real-clock instant of `now()`.
    public let start: DispatchTime
    /// The media time of `now()`.
    public let mediaStart: CFTimeInterval
    /// Seconds after `now()`; infinite for `.never`.
    public let delay: Double

    /// The present instant.
    public static func now() -> MediaDeadline {
        MediaDeadline(start: .now(), mediaStart: CACurrentMediaTime(), delay: 0)
    }

    /// The deadline `seconds` later.
    public static func + (deadline: MediaDeadline, seconds: Double) -> MediaDeadline {
        MediaDeadline(start: deadline.start, mediaStart: deadline.mediaStart, delay: deadline.delay + seconds)
    }

    /// The deadline `seconds` earlier.
    public static func - (deadline: MediaDeadline, seconds: Double) -> MediaDeadline { deadline + -seconds }

    /// The deadline `interval` later (`.never` never comes).
    public static func + (deadline: MediaDeadline, interval: DispatchTimeInterval) -> MediaDeadline {
        deadline + interval.seconds
    }

    /// The deadline `interval` earlier.
    public static func - (deadline: MediaDeadline, interval: DispatchTimeInterval) -> MediaDeadline {
        deadline + -interval.seconds
    }

    /// Whether the deadline never comes (`.now() + .never`).
    public var isNever: Bool { delay == .infinity }

    /// The media time the deadline falls at (a NaN delay counts as 0).
    public var mediaTime: CFTimeInterval { delay.isNaN ? mediaStart : mediaStart + delay }

    /// The same deadline on Dispatch's clock (a delay that is not finite counts as 0).
    public var dispatchTime: DispatchTime { delay.isFinite ? start + delay : start }
}

extension DispatchTimeInterval {
    /// The interval in seconds; infinite for `.never`.
    fileprivate var seconds: Double {
        switch self {
        case .seconds(let n): Double(n)
        case .milliseconds(let n): Double(n) / 1e3
        case .microseconds(let n): Double(n) / 1e6
        case .nanoseconds(let n): Double(n) / 1e9
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}
