import FlipbookGraphics
import Foundation

/// Where FlipbookLottie reports what it does not draw of an animation — expressions,
/// effects, 3-D layers, unknown types — naming the feature and the layer; the rest still
/// plays, as lottie-ios's compatibility list describes. The default writes to standard error.
public enum LottieDiagnostics {
    static let channel = DiagnosticChannel()

    /// Receives each diagnostic.
    public static var handler: @Sendable (String) -> Void {
        get { channel.handler }
        set { channel.handler = newValue }
    }

    static func report(_ message: String) { channel.report(message) }
}
