import FlipbookAnimation
import FlipbookFilters
import FlipbookGraphics
import Foundation

/// The After Effects effects Core Animation draws: a fill, as a layer of its colour masked
/// by the layer's content; a tint, as layers of its two colours masked by the content and
/// by the content's luminance; a drop shadow, as the layer's shadow (lottie-ios's Core
/// Animation engine draws it so too).
enum LottieEffectLayers {
    /// Where in `effects` the drop shadow the layer's shadow draws is: the first one on
    /// that does not show the shadow alone.
    private static func shadowIndex(in effects: [LottieEffect]) -> Int? {
        effects.firstIndex { $0.draws && $0.isDropShadow && !$0.showsShadowOnly }
    }

    /// The effects of `effects` that draw and that `apply(_:to:timeline:content:)` does
    /// not draw.
    static func undrawn(_ effects: [LottieEffect]) -> [LottieEffect] {
        let shadow = shadowIndex(in: effects)
        return effects.indices.filter { effects[$0].draws && $0 != shadow && Recolor(effects[$0]) == nil }.map { effects[$0] }
    }

    /// A fill or a tint `apply(_:to:timeline:content:)` draws, with the values it draws
    /// with (ADBE Fill: its third value the colour, its seventh the opacity; ADBE Tint:
    /// black mapped to its first, white to its second, by its third, the amount).
    private enum Recolor {
        case fill(color: LottieProperty<LottieVector>, opacity: LottieProperty<LottieVector>?)
        case tint(black: LottieProperty<LottieVector>, white: LottieProperty<LottieVector>, amount: LottieProperty<LottieVector>?)

        /// `effect` as one, when it is a fill or a tint that is on and has its colours.
        init?(_ effect: LottieEffect) {
            guard effect.draws else { return nil }
            if effect.isFill, let color = effect[2] {
                self = .fill(color: color, opacity: effect[6])
            } else if effect.isTint, let black = effect[0], let white = effect[1] {
                self = .tint(black: black, white: white, amount: effect[2])
            } else {
                return nil
            }
        }
    }

    /// Draws into `layer` its content with its effects: `content` makes the content (again
    /// for each time an effect draws it), each fill and tint, in the order listed, changes
    /// what those before it left; then the drop shadow.
    static func apply(_ effects: [LottieEffect], to layer: CALayer, timeline: LottieTimeline, content: @escaping () -> CALayer?) {
        var rendering = content
        for case let recolor? in effects.map(Recolor.init) {
            let before = rendering
            switch recolor {
            case let .fill(color, opacity):
                rendering = { before().map { fill($0, color: color, opacity: opacity, timeline: timeline) } }
            case let .tint(black, white, amount):
                rendering = { tint(before, black: black, white: white, amount: amount, timeline: timeline) }
            }
        }
        if let drawn = rendering() { layer.addSublayer(drawn) }
        shadow(effects, on: layer, timeline: timeline)
    }

    /// How far from its origin a layer painting one colour reaches every way: past
    /// anything a layer's content could cover.
    private static let colorReach: CGFloat = 16_777_216

    /// A layer of the colour `color` holds (animated as it is), reaching past any content,
    /// masked by `mask`.
    private static func colorLayer(_ color: LottieProperty<LottieVector>, maskedBy mask: CALayer, timeline: LottieTimeline) -> CALayer {
        let paint = CALayer()
        paint.anchorPoint = .zero
        paint.bounds = CGRect(x: -colorReach, y: -colorReach, width: 2 * colorReach, height: 2 * colorReach)
        paint.position = CGPoint(x: -colorReach, y: -colorReach)
        paint.mask = mask
        paint.backgroundColor = color.initialValue.color
        LottieTransformLayers.add(color.keyframeAnimation(keyPath: "backgroundColor", timeline: timeline) { $0.color }, to: paint)
        return paint
    }

    /// `property`'s value as a fraction from 0 to 1 on `layer`'s opacity, `scale` of it
    /// being opaque, animated as it is.
    private static func opacity(_ property: LottieProperty<LottieVector>, scale: Double, of layer: CALayer, timeline: LottieTimeline) {
        layer.opacity = Float(min(max(property.initialValue[0, default: scale] / scale, 0), 1))
        LottieTransformLayers.add(property.keyframeAnimation(keyPath: "opacity", timeline: timeline) { min(max($0[0, default: scale] / scale, 0), 1) },
                                  to: layer)
    }

    /// `content` painted in a Fill effect's colour, as lottie-web's filter paints it: every
    /// pixel takes the colour, its alpha times the opacity, a fraction that lottie-web and
    /// ThorVG both read as such (a file's 100 is opaque). lottie-web and ThorVG leave out
    /// the effect's masks, invert and feathers, and so does Flipbook. Drawn as a layer of
    /// the colour, at the opacity, masked by the content.
    private static func fill(_ content: CALayer, color: LottieProperty<LottieVector>, opacity: LottieProperty<LottieVector>?,
                             timeline: LottieTimeline) -> CALayer {
        let paint = colorLayer(color, maskedBy: content, timeline: timeline)
        if let opacity { Self.opacity(opacity, scale: 1, of: paint, timeline: timeline) }
        return paint
    }

    /// What `content` makes, tinted by a Tint effect (black mapped to `black`, white to
    /// `white`, by `amount` in percent), as ThorVG and lottie-web tint it: each pixel the
    /// first colour plus the difference times its
    /// luminance, mixed with the pixel by the amount. Drawn as the first colour masked by
    /// the content, under the second masked by the content's luminance (`CIMaskToAlpha`,
    /// whose weights ThorVG's luma shares; lottie-web averages the channels in linear
    /// light, the same for greys); exact where the content is opaque, along its
    /// anti-aliased edges a little more opaque (by the edge's alpha times its luminance
    /// times one less its alpha). Below 100 %, over the content itself.
    private static func tint(_ content: () -> CALayer?, black: LottieProperty<LottieVector>, white: LottieProperty<LottieVector>,
                             amount: LottieProperty<LottieVector>?, timeline: LottieTimeline) -> CALayer? {
        guard let shape = content(), let shade = content() else { return nil }
        let luminance = CALayer()
        luminance.anchorPoint = .zero
        luminance.addSublayer(shade)
        luminance.filters = [CIFilter.maskToAlpha()]
        let tinted = CALayer()
        tinted.anchorPoint = .zero
        tinted.addSublayer(colorLayer(black, maskedBy: shape, timeline: timeline))
        tinted.addSublayer(colorLayer(white, maskedBy: luminance, timeline: timeline))
        guard let amount, amount.isAnimated || amount.initialValue[0, default: 100] < 100, let original = content() else {
            return tinted
        }
        opacity(amount, scale: 100, of: tinted, timeline: timeline)
        let mixed = CALayer()
        mixed.anchorPoint = .zero
        mixed.addSublayer(original)
        mixed.addSublayer(tinted)
        return mixed
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
