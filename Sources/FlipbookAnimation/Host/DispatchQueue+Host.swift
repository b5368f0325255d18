import Foundation
import Dispatch

extension DispatchQueue {
    /// Runs `work` at `deadline`, written `.now() + seconds`. On the main queue, called from
    /// the main queue while the media clock is manual, the work joins the headless host
    /// (`AnimationHost.schedule(after:_:)`): it runs in the first tick at or after the
    /// deadline's media time, so seed 001's `asyncAfter(deadline: .now() + 0.003)` runs at
    /// the right frame of a recording whatever real time the code took. Otherwise this is
    /// Dispatch's `asyncAfter` at the same deadline on its clock.
    public func asyncAfter(deadline: MediaDeadline, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard !deadline.isNever else { return }
        guard MainQueue.isMain(self), MainQueue.isCurrent, MediaClock.shared.isManual else {
            asyncAfter(deadline: deadline.dispatchTime, qos: .unspecified, flags: [], execute: work)
            return
        }
        MainActor.assumeIsolated { AnimationHost.shared.schedule(at: deadline.mediaTime, work) }
    }

    /// Runs `workItem` at `deadline`, written `.now() + seconds`, as the closure form does.
    public func asyncAfter(deadline: MediaDeadline, execute workItem: DispatchWorkItem) {
        // Dispatch runs a work item on whichever thread it likes; so does this.
        nonisolated(unsafe) let item = workItem
        asyncAfter(deadline: deadline, execute: { item.perform() })
    }

    /// Runs `work` after `deadline`, a `DispatchTime` (a deadline written `.now() + seconds`
    /// is a `MediaDeadline` instead). On the main queue, called from the main queue while
    /// the media clock is manual, the work joins the headless host: the deadline converts to
    /// a delay through the real clock, rounded to 0.1 ms, and the work runs in the first
    /// tick at or after that much media time. Otherwise this is Dispatch's `asyncAfter`.
    ///
    /// Dispatch's own method, with `qos:` and `flags:`, is what a call passing `flags:`
    /// reaches.
    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified,
                           execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard MainQueue.isMain(self), MainQueue.isCurrent, MediaClock.shared.isManual else {
            asyncAfter(deadline: deadline, qos: qos, flags: [], execute: work)
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        let nanoseconds = deadline.uptimeNanoseconds >= now
            ? Double(deadline.uptimeNanoseconds - now) : -Double(now - deadline.uptimeNanoseconds)
        let delay = (nanoseconds / 100_000).rounded() / 10_000
        MainActor.assumeIsolated { AnimationHost.shared.schedule(after: delay, work) }
    }

    /// Runs `work` soon. On the main queue, called from the main queue while the media clock
    /// is manual, it runs in the host's next tick, as work queued on the main queue runs in
    /// the next turn of UIKit's run loop; otherwise this is Dispatch's `async`.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard MainQueue.isMain(self), MainQueue.isCurrent, MediaClock.shared.isManual else {
            async(group: nil, qos: .unspecified, flags: [], execute: work)
            return
        }
        MainActor.assumeIsolated { AnimationHost.shared.schedule(after: 0, work) }
    }
}

/// Whether code runs on the main queue: the main thread, or — where the main actor's jobs
/// are drained elsewhere, as under Swift Testing on Linux — the main queue by its mark.
enum MainQueue {
    private static let mark: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { isMainThread || DispatchQueue.getSpecific(key: mark) == true }

    /// Whether the calling thread is the process's main thread. Foundation on Linux answers
    /// `Thread.isMainThread` with two system calls (the thread's id against the process's),
    /// and every layer change asks; a thread's answer never changes, so each thread asks
    /// Foundation once and keeps the answer in a thread-specific slot.
    private static var isMainThread: Bool {
        if let known = pthread_getspecific(mainThreadKey) { return Int(bitPattern: known) == 1 }
        let isMain = Thread.isMainThread
        pthread_setspecific(mainThreadKey, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
        return isMain
    }

    /// The slot holding each thread's answer: 1 on the main thread, 2 elsewhere.
    private static let mainThreadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether `queue` is the main queue (`DispatchQueue.main` makes a new wrapper object
    /// each time on Linux, so identity cannot tell).
    static func isMain(_ queue: DispatchQueue) -> Bool { queue.getSpecific(key: mark) == true }
}
