import Foundation

/// What went wrong setting up or running a filter by name (the CLI's and
/// `TransitionFrames`'s errors).
public enum FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownFilter(String)
    case notATransition(String)
    case unknownInput(filter: String, key: String)
    case badValue(key: String, value: String, expected: String)
    /// The filter made no image: an input had the wrong type or was missing.
    case noOutput(String)

    public var description: String {
        switch self {
        case .unknownFilter(let name): "no filter is named \(name); `flipbook filters` lists them"
        case .notATransition(let name): "\(name) is not a transition (kCICategoryTransition)"
        case let .unknownInput(filter, key): "\(filter) has no input \(key)"
        case let .badValue(key, value, expected): "\(key)=\(value): expected \(expected)"
        case .noOutput(let name): "\(name) made no image from these inputs"
        }
    }
}
