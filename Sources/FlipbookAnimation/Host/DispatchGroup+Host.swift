import Dispatch
import Foundation

extension DispatchGroup {
    /// Runs `work` on `queue` once the group's work is done, as Dispatch's
    /// `notify(queue:execute:)`. For the main queue while the media clock is manual, the
    /// work joins the headless host instead: it runs in the first tick after the group is
    /// done (in the next one when it is done already). A call that passes `qos:` or
    /// `flags:` reaches Dispatch's directly.
    public func notify(queue: DispatchQueue, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard MainQueue.isMain(queue), MediaClock.shared.isManual else {
            notify(qos: .unspecified, flags: [], queue: queue, execute: work)
            return
        }
        if wait(timeout: .now()) == .success { return HostInbox.post(work) }
        notify(qos: .unspecified, flags: [], queue: .global(), execute: { HostInbox.post(work) })
    }
}
