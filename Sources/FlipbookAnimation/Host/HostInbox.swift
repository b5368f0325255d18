import Foundation

/// Work for the main queue from any thread, waiting for the headless host's next tick,
/// which runs it in the order it came (`AnimationHost.tick()`).
enum HostInbox {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var waiting: [@Sendable () -> Void] = []

    static func post(_ work: @escaping @Sendable () -> Void) { lock.withLock { waiting.append(work) } }

    /// The work waiting now, taken out.
    static func take() -> [@Sendable () -> Void] {
        lock.withLock {
            defer { waiting = [] }
            return waiting
        }
    }

    /// Takes over work sent to the main queue, the main operation queue and the main run
    /// loop while the media clock is manual: `MediaClock.shared` calls this once, when it
    /// is made. Headless nothing drains those while the host ticks.
    static func takeOver() {
        MainWorkScheduling.takeWork { target, work in
            guard MediaClock.shared.isManual else { return false }
            let main = switch target {
            case .dispatchQueue(let queue): MainQueue.isMain(queue)
            case .operationQueue(let queue): queue === OperationQueue.main
            case .runLoop(let loop): loop === RunLoop.main
            }
            guard main else { return false }
            post(work)
            return true
        }
    }
}
