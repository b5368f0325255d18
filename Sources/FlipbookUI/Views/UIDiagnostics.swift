import Foundation
import FlipbookGraphics

/// Where FlipbookUI reports what UIKit would log and carry on from: an image context of
/// no size, drawing with no current context. Any thread may report.
public enum UIDiagnostics {
    static let channel = DiagnosticChannel()

    /// Receives each diagnostic. The default writes it to standard error.
    public static var handler: @Sendable (String) -> Void {
        get { channel.handler }
        set { channel.handler = newValue }
    }

    /// Reports `message` to the handler (FlipbookUI and the components built on it use this).
    public static func report(_ message: String) { channel.report(message) }
}
