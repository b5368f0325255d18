import Foundation

/// Where FlipbookAnimation reports input it ignores: an unknown key path, a value of the
/// wrong type, keyTimes out of order, a layer added under its own descendant. Core
/// Animation logs such things and carries on; so does Flipbook, through this handler.
@MainActor
public enum AnimationDiagnostics {
    /// Receives each diagnostic. The default writes it to standard error.
    public static var handler: (String) -> Void = { message in
        FileHandle.standardError.write(Data("flipbook: \(message)\n".utf8))
    }

    static func report(_ message: String) { handler(message) }
}
