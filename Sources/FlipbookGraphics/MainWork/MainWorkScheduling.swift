import Foundation

/// Where work sent to the main queue, the main operation queue or the main run loop goes
/// instead, when something has taken such work over: Flipbook's animation host does while
/// its clock is manual, running it in its next tick (headless, nothing else would).
public enum MainWorkScheduling {
    /// Where the work was sent.
    public enum Target {
        case dispatchQueue(DispatchQueue)
        case operationQueue(OperationQueue)
        case runLoop(RunLoop)
    }

    /// Takes work sent to a target and returns true, or returns false to leave it to the
    /// target.
    public typealias Taker = @Sendable (Target, @escaping @Sendable () -> Void) -> Bool

    private static let takeover = Takeover<Taker>()

    /// Sends new work to `taker` from now on.
    public static func takeWork(with taker: @escaping Taker) { takeover.install(taker) }

    static func take(_ work: @escaping @Sendable () -> Void, sentTo target: Target) -> Bool {
        takeover.current?(target, work) ?? false
    }
}
