import ArgumentParser
import Foundation

/// A `--size WIDTHxHEIGHT` option's value, in points.
enum CanvasSize {
    /// `text` as a size whose sides both lie in `range`; `example` shows the form.
    static func parse(_ text: String, range: ClosedRange<Double>, example: String) throws -> CGSize {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ range.contains($0) }) else {
            throw ValidationError("--size \(text): expected WIDTHxHEIGHT in points, each from \(Int(range.lowerBound)) to \(Int(range.upperBound)), e.g. \(example)")
        }
        return CGSize(width: parts[0], height: parts[1])
    }
}
