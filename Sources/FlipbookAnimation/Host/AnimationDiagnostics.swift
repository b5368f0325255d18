import Foundation
import FlipbookGraphics

/// Where FlipbookAnimation reports input it ignores: an unknown key path, a value of the
/// wrong type, keyTimes out of order, a layer added under its own descendant. Core
/// Animation logs such things and carries on; so does Flipbook, through this handler.
/// Any thread may report.
public enum AnimationDiagnostics {
    static let channel = DiagnosticChannel()

    /// Receives each diagnostic. The default writes it to standard error.
    public static var handler: @Sendable (String) -> Void {
        get { channel.handler }
        set { channel.handler = newValue }
    }

    static func report(_ message: String) { channel.report(message) }
}
