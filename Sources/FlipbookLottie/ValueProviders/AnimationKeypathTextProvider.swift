import Foundation

/// Gives text layers their text, as lottie-ios's text providers do: asked with each text
/// layer's keypath (its precompositions' and its own names) and the text the file holds.
public protocol AnimationKeypathTextProvider: AnyObject {
    /// The text to show at `keypath` in place of `sourceText`; nil keeps the file's text.
    func text(for keypath: AnimationKeypath, sourceText: String) -> String?
}
