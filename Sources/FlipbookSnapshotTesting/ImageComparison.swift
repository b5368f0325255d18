import Flipbook
import Foundation

/// swift-snapshot-testing's two precisions applied to a pair of pictures.
struct ImageComparison: Sendable {
    /// The share of pixels that must match.
    let precision: Float
    /// How close a pixel must be: within ΔE (1 − perceptualPrecision) × 100.
    let perceptualPrecision: Float

    /// Why `actual` does not match `reference`, and the difference when the sizes agree;
    /// nil when it matches.
    func failure(of actual: CGImage, against reference: CGImage) -> (message: String, difference: ImageDifference?)? {
        let tolerance = Double(1 - min(max(perceptualPrecision, 0), 1)) * 100
        guard let difference = ImageDifference(actual, from: reference, tolerance: tolerance) else {
            return ("The snapshot is \(actual.width) × \(actual.height) pixels; the reference is \(reference.width) × \(reference.height).", nil)
        }
        guard difference.differingPixels > 0, difference.matchingFraction < Double(precision) else { return nil }
        let total = difference.width * difference.height
        let share = Double(difference.differingPixels) / Double(total) * 100
        let within = tolerance > 0 ? "differ by more than ΔE \(Self.text(tolerance)) (perceptualPrecision \(perceptualPrecision))" : "differ"
        let allowed = precision >= 1 ? "none may (precision 1)" : "at most \(Self.text(Double(1 - precision) * 100)) % may (precision \(precision))"
        let message = "\(difference.differingPixels) of \(total) pixels (\(Self.text(share)) %) \(within); \(allowed). "
            + "The largest difference is ΔE \(Self.text(difference.largestDeltaE)), \(difference.largestChannelDifference) levels in a channel."
        return (message, difference)
    }

    /// A number with at most two decimals.
    static func text(_ value: Double) -> String { value.text(decimals: 2) }
}
