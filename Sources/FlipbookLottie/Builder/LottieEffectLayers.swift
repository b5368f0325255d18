import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// The After Effects effects Core Animation draws: a fill, as a layer of its colour masked
/// by the layer's content; a drop shadow, as the layer's shadow (lottie-ios's Core
/// Animation engine draws it so too).
enum LottieEffectLayers {
    /// Where in `effects` the drop shadow the layer's shadow draws is: the first one on
    /// that does not show the shadow alone.
    private static func shadowIndex(in effects: [LottieEffect]) -> Int? {
        effects.firstIndex { $0.draws && $0.isDropShadow && !$0.showsShadowOnly }
    }

    /// The effects of `effects` that draw and that `apply(_:to:timeline:)` does not draw.
    static func undrawn(_ effects: [LottieEffect]) -> [LottieEffect] {
        let shadow = shadowIndex(in: effects)
        return effects.indices.filter { effects[$0].draws && $0 != shadow && !paintsFill(effects[$0]) }.map { effects[$0] }
    }

    /// Whether `effect` is a fill `apply(_:to:timeline:)` paints: one on, with a colour.
    private static func paintsFill(_ effect: LottieEffect) -> Bool { effect.draws && effect.isFill && effect[2] != nil }

    /// Draws `layer`'s effects on it, its content already in it: each fill in turn, then
    /// the drop shadow.
    static func apply(_ effects: [LottieEffect], to layer: CALayer, timeline: LottieTimeline) {
        for effect in effects where paintsFill(effect) { fill(layer, with: effect, timeline: timeline) }
        shadow(effects, on: layer, timeline: timeline)
    }

    /// How far from its origin the layer that paints a fill reaches every way: past
    /// anything a layer's content could cover.
    private static let fillReach: CGFloat = 16_777_216

    /// Paints what `layer` holds in the colour of a Fill effect (ADBE Fill: its third value
    /// the colour, its seventh the opacity), as lottie-web's filter paints it: every pixel
    /// takes the colour, its alpha times the opacity, a fraction that lottie-web and ThorVG
    /// both read as such (a file's 100 is opaque). lottie-web and ThorVG leave out the
    /// effect's masks, invert and feathers, and so does Flipbook. Drawn as a layer of the
    /// colour, at the opacity, masked by the content.
    private static func fill(_ layer: CALayer, with effect: LottieEffect, timeline: LottieTimeline) {
        let content = CALayer()
        content.anchorPoint = .zero
        for sublayer in layer.sublayers ?? [] { content.addSublayer(sublayer) }
        let paint = CALayer()
        paint.anchorPoint = .zero
        paint.bounds = CGRect(x: -fillReach, y: -fillReach, width: 2 * fillReach, height: 2 * fillReach)
        paint.position = CGPoint(x: -fillReach, y: -fillReach)
        paint.mask = content
        if let color = effect[2] {
            paint.backgroundColor = color.initialValue.color
            LottieTransformLayers.add(color.keyframeAnimation(keyPath: "backgroundColor", timeline: timeline) { $0.color }, to: paint)
        }
        if let opacity = effect[6] {
            paint.opacity = Float(min(max(opacity.initialValue[0, default: 1], 0), 1))
            LottieTransformLayers.add(opacity.keyframeAnimation(keyPath: "opacity", timeline: timeline) { min(max($0[0, default: 1], 0), 1) }, to: paint)
        }
        layer.addSublayer(paint)
    }

    /// Gives `layer` the shadow of the first drop shadow in `effects` (ADBE Drop Shadow:
    /// colour, opacity 0…255, direction in degrees clockwise from straight up, distance,
    /// softness), as lottie-web's filter draws it: the layer's alpha blurred with a standard
    /// deviation of a quarter of the softness (Core Animation's `shadowRadius`, which
    /// Flipbook blurs with that deviation), moved `distance` along the direction, in the
    /// colour at the opacity, under the layer.
    private static func shadow(_ effects: [LottieEffect], on layer: CALayer, timeline: LottieTimeline) {
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
