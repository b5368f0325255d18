import Foundation

/// A path to properties of an animation, as lottie-ios spells it: layer, group and item
/// names joined by dots, ending in the property ("Ball.Group 1.Fill 1.Color"). `*` stands
/// for any one name, `**` for any number of them.
///
/// ```swift
/// view.setValueProvider(ColorValueProvider(UIColor.red.lottieColorValue),
///                       keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
/// ```
public struct AnimationKeypath: Hashable, Sendable {
    /// The names, outermost first.
    public let keys: [String]

    /// The keypath `keypath`, names separated by dots.
    public init(keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The keypath of `keys`, outermost first.
    public init(keys: [String]) {
        self.keys = keys
    }

    /// Whether the property at `path` (its names, outermost first) is one this keypath names.
    func matches(_ path: [String]) -> Bool {
        Self.matches(keys[...], path[...])
    }

    private static func matches(_ keys: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let key = keys.first else { return path.isEmpty }
        if key == "**" {
            // Any number of names, none included.
            return path.indices.contains { matches(keys.dropFirst(), path[$0...]) } || matches(keys.dropFirst(), path[path.endIndex...])
        }
        guard let name = path.first, key == "*" || key == name else { return false }
        return matches(keys.dropFirst(), path.dropFirst())
    }
}
