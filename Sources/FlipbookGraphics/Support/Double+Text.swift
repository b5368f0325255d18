import Foundation

extension Double {
    /// The number as text for people and stable text forms: rounded to `decimals` places,
    /// without trailing zeros, a whole number without a point (`0.25`, `3`, `16.667`).
    package func text(decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (self * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.\(decimals)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
