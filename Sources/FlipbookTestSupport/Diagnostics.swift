import FlipbookGraphics
import Foundation
import Synchronization

/// The diagnostics `channel` receives while `body` runs. One test captures at a time,
/// whatever the channel, so a test's messages never land in another's list.
public func collectingDiagnostics(from channel: DiagnosticChannel, _ body: () throws -> Void) rethrows -> [String] {
    try DiagnosticsCapture.lock.withLock { _ in
        let messages = Mutex<[String]>([])
        let previous = channel.handler
        channel.handler = { message in messages.withLock { $0.append(message) } }
        defer { channel.handler = previous }
        try body()
        return messages.withLock { $0 }
    }
}

private enum DiagnosticsCapture {
    static let lock = Mutex(())
}
