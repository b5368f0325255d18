import Foundation
import FlipbookGraphics

/// What went wrong setting up or running a filter by name (the CLI's and
/// `TransitionRecording`'s errors).
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

extension CIFilter {
    /// Sets input `key` from text, as a command line gives it: a number, comma-separated
    /// numbers for a vector or colour (r,g,b[,a] from 0 to 1), or the path of a PNG or JPEG
    /// file for an image.
    public func setValue(parsing text: String, forKey key: String) throws(FilterError) {
        guard let parameter = definition.parameters.first(where: { $0.key == key }) else {
            throw .unknownInput(filter: name, key: key)
        }
        let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        switch parameter.value {
        case .number:
            guard numbers.count == 1, let number = numbers[0] else { throw .badValue(key: key, value: text, expected: "a number") }
            setValue(number, forKey: key)
        case .vector(let defaultValue, _):
            guard numbers.count == defaultValue.count, numbers.allSatisfy({ $0 != nil }) else {
                throw .badValue(key: key, value: text, expected: "\(defaultValue.count) comma-separated numbers")
            }
            setValue(CIVector(values: numbers.map { CGFloat($0!) }), forKey: key)
        case .color:
            guard numbers.count == 3 || numbers.count == 4, numbers.allSatisfy({ $0 != nil }) else {
                throw .badValue(key: key, value: text, expected: "a colour as r,g,b or r,g,b,a from 0 to 1")
            }
            setValue(CIColor(red: numbers[0]!, green: numbers[1]!, blue: numbers[2]!, alpha: numbers.count == 4 ? numbers[3]! : 1), forKey: key)
        case .image:
            guard let image = CIImage(contentsOf: URL(fileURLWithPath: text)) else {
                throw .badValue(key: key, value: text, expected: "a readable PNG or JPEG file")
            }
            setValue(image, forKey: key)
        case .transform:
            guard numbers.count == 6, numbers.allSatisfy({ $0 != nil }) else {
                throw .badValue(key: key, value: text, expected: "a transform as a,b,c,d,tx,ty")
            }
            let n = numbers.map { CGFloat($0!) }
            setValue(CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5]), forKey: key)
        }
    }

    /// A plain-text summary of the filter: its name, categories and each input with its
    /// class, default and ranges (what `flipbook filters` prints).
    public var summary: String {
        var lines = ["\(name) — \(definition.displayName)", "  categories: \(definition.categories.joined(separator: ", "))"]
        for parameter in definition.parameters {
            var line = "  \(parameter.key)"
            switch parameter.value {
            case .image(let optional): line += ": image" + (optional ? " (optional)" : "")
            case let .number(defaultValue, min, max, sliderMin, sliderMax, _):
                line += ": number = \(defaultValue)"
                if min != nil || max != nil { line += ", range \(min.map { "\($0)" } ?? "−∞")…\(max.map { "\($0)" } ?? "∞")" }
                if let sliderMin, let sliderMax { line += ", slider \(sliderMin)…\(sliderMax)" }
            case .vector(let defaultValue, _): line += ": vector = \(defaultValue.map { "\($0)" }.joined(separator: ","))"
            case .color(let c): line += ": colour = \(c.x),\(c.y),\(c.z),\(c.w)"
            case .transform: line += ": transform = identity"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
