import Foundation

/// Gives the colour properties a keypath names one colour for the whole animation, in
/// place of their keyframes (lottie-ios's `ColorValueProvider` with a constant colour).
public final class ColorValueProvider: AnyValueProvider, @unchecked Sendable {
    /// The colour given.
    public let color: LottieColor

    public init(_ color: LottieColor) {
        self.color = color
    }
}
