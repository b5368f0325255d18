import Foundation
import FlipbookGraphics

/// Where FlipbookFilters reports input it cannot use: a value of the wrong type, a missing
/// required image, a value outside the documented range. Core Image logs such things and
/// returns nil; so does Flipbook, through this handler (any thread may report).
public enum FilterDiagnostics {
    static let channel = DiagnosticChannel()

    /// Receives each diagnostic. The default writes it to standard error.
    public static var handler: @Sendable (String) -> Void {
        get { channel.handler }
        set { channel.handler = newValue }
    }

    static func report(_ message: String) { channel.report(message) }
}
