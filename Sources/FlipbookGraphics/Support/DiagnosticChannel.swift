import Foundation
import Synchronization

/// Where a module reports input it ignores or cannot use and carries on from, as Apple's
/// frameworks log such things: a handler any thread may report to, which writes to
/// standard error unless replaced.
public final class DiagnosticChannel: Sendable {
    private let current = Mutex<@Sendable (String) -> Void>({ message in
        FileHandle.standardError.write(Data("flipbook: \(message)\n".utf8))
    })

    public init() {}

    /// Receives each diagnostic.
    public var handler: @Sendable (String) -> Void {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// Hands `message` to the handler.
    public func report(_ message: String) { handler(message) }
}
