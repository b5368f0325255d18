import Foundation
import FlipbookGraphics

/// Filters driven from text and fitted to pictures: what the command line, recordings
/// and layer transitions need beyond Apple's API.
extension CIFilter {
    /// Points the filter at a picture covering `rect`: an `inputCenter` or `inputExtent`
    /// still at Apple's default (made for a 300-point square) becomes the rectangle's
    /// middle or the rectangle itself.
    public func fit(to rect: CGRect) {
        for parameter in definition.parameters where parameter.key == kCIInputCenterKey || parameter.key == kCIInputExtentKey {
            guard value(forKey: parameter.key) as? CIVector == parameter.defaultValue as? CIVector else { continue }
            setValue(parameter.key == kCIInputCenterKey ? CIVector(x: rect.midX, y: rect.midY) : CIVector(cgRect: rect), forKey: parameter.key)
        }
    }

    /// Sets input `key` from text, as a command line gives it: a number, comma-separated
    /// numbers for a vector or colour (r,g,b[,a] from 0 to 1), or the path of a PNG or JPEG
    /// file for an image.
    public func setValue(parsing text: String, forKey key: String) throws(FilterError) {
        guard let parameter = definition.parameters.first(where: { $0.key == key }) else {
            throw .unknownInput(filter: name, key: key)
        }
        let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        // Not-a-number and infinities are refused outright.
        guard numbers.allSatisfy({ $0?.isFinite ?? true }) else {
            throw .badValue(key: key, value: text, expected: "finite numbers")
        }
        switch parameter.value {
        case let .number(_, min, max, sliderMin, sliderMax, _):
            guard numbers.count == 1, var number = numbers[0] else { throw .badValue(key: key, value: text, expected: "a number") }
            // Beyond the hard range Core Image clamps; say so.
            if let min, number < min {
                FilterDiagnostics.report("\(name): \(key)=\(text) is below its minimum \(min); \(min) is used")
                number = min
            }
            if let max, number > max {
                FilterDiagnostics.report("\(name): \(key)=\(text) is above its maximum \(max); \(max) is used")
                number = max
            }
            // Without a hard range, far beyond the slider's is a slip, not a picture.
            if min == nil || max == nil, let low = sliderMin, let high = sliderMax {
                let reach = 1000 * Swift.max(abs(low), abs(high), 1)
                guard abs(number) <= reach else {
                    throw .badValue(key: key, value: text, expected: "a number within ±\(reach) (its useful range is \(low) to \(high))")
                }
            }
            setValue(number, forKey: key)
        case .vector(let defaultValue, _):
            guard numbers.count == defaultValue.count, numbers.allSatisfy({ $0 != nil }) else {
                throw .badValue(key: key, value: text, expected: "\(defaultValue.count) comma-separated numbers")
            }
            // A point or extent no picture reaches is a slip.
            guard numbers.allSatisfy({ abs($0!) <= 1e7 }) else {
                throw .badValue(key: key, value: text, expected: "numbers of at most 10,000,000 in size")
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
