import Foundation

/// Text by layer name, as lottie-ios's `DictionaryTextProvider`: a text layer shows the
/// value for its whole keypath ("Card.Title") or, failing that, for its own name ("Title").
public final class DictionaryTextProvider: AnimationKeypathTextProvider {
    public let values: [String: String]

    public init(_ values: [String: String]) {
        self.values = values
    }

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
        values[keypath.keys.joined(separator: ".")] ?? keypath.keys.last.flatMap { values[$0] }
    }
}
