import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// A layer's masks (lottie-spec's Mask) as Core Animation masks, in the layer's own space.
/// Masks apply in order: masks that add are drawn together (their union); a mask that
/// subtracts or intersects wraps what came before in a layer it masks (subtracting by the
/// mask's outside). What this cannot express — an add after a subtract or an intersect, the
/// lighten, darken and difference modes, expansion — is left out, as
/// `LottieAnimation.unsupportedFeatures` says.
enum LottieMaskLayers {
    /// `content` inside the layers its `masks` need.
    static func masked(_ content: CALayer, by masks: [LottieMask], timeline: LottieTimeline) -> CALayer {
        var result = content
        var union: CALayer?
        for mask in masks where mask.mode != .none {
            switch mask.mode {
            case .add where !mask.inverted:
                if union == nil {
                    let group = CALayer()
                    group.anchorPoint = .zero
                    union = group
                    result = wrap(result, mask: group)
                }
                union?.addSublayer(shape(mask, inverted: false, timeline: timeline))
            case .add, .intersect:
                result = wrap(result, mask: shape(mask, inverted: mask.inverted, timeline: timeline))
                union = nil
            case .subtract:
                result = wrap(result, mask: shape(mask, inverted: !mask.inverted, timeline: timeline))
                union = nil
            case .none, .lighten, .darken, .difference:
                break
            }
        }
        return result
    }

    /// Whether `masks` are all drawn as their modes say.
    static func canDraw(_ masks: [LottieMask]) -> Bool {
        var cutSoFar = false
        for mask in masks where mask.mode != .none {
            if mask.expansion.map({ $0.isAnimated || $0.initialValue.value != 0 }) == true { return false }
            switch mask.mode {
            case .add where !mask.inverted: if cutSoFar { return false }
            case .add, .intersect, .subtract: cutSoFar = true
            case .none: break
            case .lighten, .darken, .difference: return false
            }
        }
        return true
    }

    /// `layer` in a container masked by `mask`.
    private static func wrap(_ layer: CALayer, mask: CALayer) -> CALayer {
        let container = CALayer()
        container.anchorPoint = .zero
        container.addSublayer(layer)
        container.mask = mask
        return container
    }

    /// The mask's path filled opaque at its opacity; inverted, everything outside it.
    private static func shape(_ mask: LottieMask, inverted: Bool, timeline: LottieTimeline) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        layer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        func path(_ bezier: LottieBezier) -> CGPath {
            guard inverted else { return bezier.path }
            let outside = CGMutablePath()
            outside.addRect(CGRect(x: -1e5, y: -1e5, width: 2e5, height: 2e5))
            outside.addPath(bezier.path)
            return outside
        }
        layer.fillRule = inverted ? .evenOdd : .nonZero
        layer.path = path(mask.path.initialValue)
        LottieTransformLayers.add(mask.path.keyframeAnimation(keyPath: "path", timeline: timeline) { path($0) }, to: layer)
        LottieTransformLayers.opacity(mask.opacity, of: layer, timeline: timeline)
        return layer
    }
}
