import Foundation

/// What a gradient fill and a gradient stroke share: the stops, from where to where, linear
/// or radial, and a radial gradient's highlight.
struct LottieGradientPaint: Decodable, Sendable {
    var gradient: LottieGradient
    var startPoint: LottieProperty<LottieVector>?
    var endPoint: LottieProperty<LottieVector>?
    /// 1 linear, 2 radial.
    var gradientType: Int?
    /// A radial gradient's focus, percent of the radius.
    var highlightLength: LottieProperty<LottieScalar>?
    /// Degrees.
    var highlightAngle: LottieProperty<LottieScalar>?

    enum CodingKeys: String, CodingKey {
        case gradient = "g", startPoint = "s", endPoint = "e", gradientType = "t", highlightLength = "h", highlightAngle = "a"
    }
}

extension LottieGradientPaint {
    /// Where a radial gradient's colours begin, as `CAGradientLayer.radialFocus` takes it
    /// (in the space where the gradient's circle is the unit circle): lottie-web's
    /// highlight, `highlightLength` percent of the radius (at most 99 either way) from the
    /// start point, `highlightAngle` degrees on from the start-to-end direction. Nil for a
    /// linear gradient and a highlight of 0; the first frame's values.
    var focus: CGPoint? {
        guard gradientType == 2, let length = highlightLength?.initialValue.value, length != 0 else { return nil }
        let share = min(max(length / 100, -0.99), 0.99)
        let start = startPoint?.initialValue.point ?? .zero, end = endPoint?.initialValue.point ?? .zero
        let angle = atan2(end.y - start.y, end.x - start.x) + (highlightAngle?.initialValue.value ?? 0) * .pi / 180
        return CGPoint(x: cos(angle) * share, y: sin(angle) * share)
    }

    /// Whether a radial gradient's highlight moves over the animation: its length or
    /// angle animates, or the start-to-end direction it turns with does (drawn where it
    /// is on the first frame).
    var animatesHighlight: Bool {
        guard gradientType == 2 else { return false }
        if highlightLength?.isAnimated == true { return true }
        return focus != nil && [highlightAngle?.isAnimated, startPoint?.isAnimated, endPoint?.isAnimated].contains(true)
    }
}
