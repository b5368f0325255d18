import Foundation

extension Timer {
    /// A timer that calls `block` after `interval` seconds, and again every `interval`
    /// when `repeats`, as Foundation's; by default added to the current run loop, as
    /// Foundation's is. Where a clock has taken timers over (`TimerScheduling`: Flipbook's
    /// animation host, while the media clock is manual), it fires in that clock's ticks at
    /// exact media times instead; `invalidate()` stops it either way.
    ///
    /// Every Flipbook module reaches Foundation through this one, so this method shadows
    /// Foundation's in a file that imports Flipbook's modules, under their names or Apple's
    /// (`UIKit`, `QuartzCore`, …), and not Foundation itself: Swift prefers a declaration
    /// to one in a module it can only be reached through. A file that imports Foundation
    /// too finds both, and the call is ambiguous: it fails to compile rather than run on
    /// the wrong clock.
    @discardableResult
    public class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                     block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        if TimerScheduling.take(timer, interval: interval, repeats: repeats, block: block) { return timer }
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }
}
