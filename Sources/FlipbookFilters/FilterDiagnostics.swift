import Foundation
import Synchronization

/// Where FlipbookFilters reports input it cannot use: a value of the wrong type, a missing
/// required image, a value outside the documented range. Core Image logs such things and
/// returns nil; so does Flipbook, through this handler (any thread may report).
public enum FilterDiagnostics {
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
