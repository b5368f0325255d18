import Foundation

/// Why a reference example could not be used.
enum ReferenceError: Error, CustomStringConvertible {
    case unreadable(String)
    case unknownFilter(String)
    case noOutput(String)

    var description: String {
        switch self {
        case .unreadable(let what): "cannot read the reference example at \(what)"
        case .unknownFilter(let name): "Flipbook has no filter named \(name)"
        case .noOutput(let name): "\(name) made no output image"
        }
    }
}
