import Foundation

/// Where FlipbookGraphics reports what Core Graphics would log and carry on from: a
/// transparency layer whose memory could not be had. Any thread may report.
public enum GraphicsDiagnostics {
    static let channel = DiagnosticChannel()

    /// Receives each diagnostic. The default writes it to standard error.
    public static var handler: @Sendable (String) -> Void {
        get { channel.handler }
        set { channel.handler = newValue }
    }

    static func report(_ message: String) { channel.report(message) }
}
