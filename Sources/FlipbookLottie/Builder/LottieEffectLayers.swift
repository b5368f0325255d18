import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// The After Effects effects Core Animation draws: a drop shadow, as the layer's shadow
/// (lottie-ios's Core Animation engine draws it so too).
enum LottieEffectLayers {
    /// Where in `effects` the drop shadow the layer's shadow draws is: the first one on
    /// that does not show the shadow alone.
    private static func shadowIndex(in effects: [LottieEffect]) -> Int? {
        effects.firstIndex { $0.draws && $0.isDropShadow && !$0.showsShadowOnly }
    }

    /// The effects of `effects` that draw and that `apply(_:to:timeline:)` does not draw.
    static func undrawn(_ effects: [LottieEffect]) -> [LottieEffect] {
        let shadow = shadowIndex(in: effects)
        return effects.indices.filter { effects[$0].draws && $0 != shadow }.map { effects[$0] }
    }

    /// Gives `layer` the shadow of the first drop shadow in `effects` (ADBE Drop Shadow:
    /// colour, opacity 0…255, direction in degrees clockwise from straight up, distance,
    /// softness), as lottie-web's filter draws it: the layer's alpha blurred with a standard
    /// deviation of a quarter of the softness (Core Animation's `shadowRadius`, which
    /// Flipbook blurs with that deviation), moved `distance` along the direction, in the
    /// colour at the opacity, under the layer.
    static func apply(_ effects: [LottieEffect], to layer: CALayer, timeline: LottieTimeline) {
        guard let shadow = shadowIndex(in: effects).map({ effects[$0] }) else { return }
        if let color = shadow[0] {
            layer.shadowColor = color.initialValue.color
            LottieTransformLayers.add(color.keyframeAnimation(keyPath: "shadowColor", timeline: timeline) { $0.color }, to: layer)
        }
        let opacity = shadow[1]
        layer.shadowOpacity = Float((opacity?.initialValue[0, default: 255] ?? 255) / 255)
        LottieTransformLayers.add(opacity?.keyframeAnimation(keyPath: "shadowOpacity", timeline: timeline) { $0[0, default: 255] / 255 }, to: layer)
        let softness = shadow[4]
        layer.shadowRadius = (softness?.initialValue[0, default: 0] ?? 0) / 4
        LottieTransformLayers.add(softness?.keyframeAnimation(keyPath: "shadowRadius", timeline: timeline) { $0[0, default: 0] / 4 }, to: layer)
        let direction = shadow[2], distance = shadow[3]
        func offset(atFrame frame: Double) -> CGSize {
            let angle = ((direction?.value(atFrame: frame)[0, default: 135] ?? 135) - 90) * .pi / 180
            let length = distance?.value(atFrame: frame)[0, default: 5] ?? 5
            return CGSize(width: length * cos(angle), height: length * sin(angle))
        }
        let moving = LottieTimeline.span([direction?.animatedFrames, distance?.animatedFrames])
        layer.shadowOffset = offset(atFrame: moving?.lowerBound ?? 0)
        if let moving { layer.add(timeline.sampled(keyPath: "shadowOffset", over: moving) { offset(atFrame: $0) }, forKey: "shadowOffset") }
    }
}
