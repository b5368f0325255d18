import Foundation
import Synchronization

/// Where FlipbookUI reports what UIKit would log and carry on from: an image context of
/// no size, drawing with no current context, constraints that cannot all hold, a view
/// added under itself. Any thread may report.
public enum UIDiagnostics {
    private static let current = Mutex<@Sendable (String) -> Void>({ message in
        FileHandle.standardError.write(Data("flipbook: \(message)\n".utf8))
    })

    /// Receives each diagnostic. The default writes it to standard error.
    public static var handler: @Sendable (String) -> Void {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    static func report(_ message: String) { handler(message) }
}
