import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// A layer's masks (lottie-spec's Mask) as Core Animation masks, in the layer's own space.
/// Masks apply in order: masks that add are drawn together (their union); a mask that
/// subtracts or intersects wraps what came before in a layer it masks (subtracting by the
/// mask's outside). Masks this cannot express — an add after a subtract or an intersect,
/// the lighten, darken and difference modes — are combined as paths instead when they are
/// opaque (`regionLayer`); what neither can draw (such masks at part opacity) is left out, as
/// `LottieAnimation.unsupportedFeatures` says. A mask's expansion moves its outline out
/// (or in) with round corners, as ThorVG expands masks.
enum LottieMaskLayers {
    /// `content` inside the layers its `masks` need.
    static func masked(_ content: CALayer, by masks: [LottieMask], timeline: LottieTimeline) -> CALayer {
        if !drawnAsLayers(masks), let region = regionLayer(masks, timeline: timeline) { return wrap(content, mask: region) }
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
    static func canDraw(_ masks: [LottieMask]) -> Bool { drawnAsLayers(masks) || combinesAsPaths(masks) }

    /// Whether the layers of `masked` draw `masks` as their modes say.
    private static func drawnAsLayers(_ masks: [LottieMask]) -> Bool {
        var cutSoFar = false
        for mask in masks where mask.mode != .none {
            switch mask.mode {
            case .add where !mask.inverted: if cutSoFar { return false }
            case .add, .intersect, .subtract: cutSoFar = true
            case .none: break
            case .lighten, .darken, .difference: return false
            }
        }
        return true
    }

    /// Whether `masks` combine exactly as paths: all opaque.
    private static func combinesAsPaths(_ masks: [LottieMask]) -> Bool {
        masks.allSatisfy { mask in mask.mode == .none || mask.opacity.map { !$0.isAnimated && $0.initialValue.value >= 100 } ?? true }
    }

    /// The mask's outline at a frame, moved out (or in) by its expansion.
    private static func outline(_ mask: LottieMask, atFrame frame: Double) -> CGPath {
        let path = mask.path.value(atFrame: frame).path
        guard let expansion = mask.expansion?.value(atFrame: frame).value, expansion != 0 else { return path }
        return LottieOffsetPath.offset(path, by: expansion, join: .round)
    }

    /// The frames over which the mask's outline changes; nil when it holds still.
    private static func outlineFrames(_ mask: LottieMask) -> ClosedRange<Double>? {
        LottieTimeline.span([mask.path.animatedFrames, mask.expansion?.animatedFrames])
    }

    /// Everything, for masks that start from it or are inverted.
    private static let everything = CGRect(x: -1e5, y: -1e5, width: 2e5, height: 2e5)

    /// An opaque shape layer of the region `masks` leave, sampled frame by frame when a mask
    /// moves: each mask's path (everything outside it when inverted) combined with the
    /// region before it — add and lighten: either; subtract: less it; intersect and darken:
    /// within it; difference: exactly one — starting from nothing, or from everything when
    /// the first mask subtracts or intersects (as rlottie combines masks). Nil unless
    /// `combinesAsPaths`.
    private static func regionLayer(_ masks: [LottieMask], timeline: LottieTimeline) -> CAShapeLayer? {
        let used = masks.filter { $0.mode != .none }
        guard combinesAsPaths(used) else { return nil }
        func combined(atFrame frame: Double) -> CGPath {
            var region: CGPath = CGMutablePath()
            for (index, mask) in used.enumerated() {
                var path = outline(mask, atFrame: frame)
                if mask.inverted { path = CGPath(rect: everything, transform: nil).subtracting(path) }
                if index == 0, mask.mode == .subtract || mask.mode == .intersect { region = CGPath(rect: everything, transform: nil) }
                switch mask.mode {
                case .add, .lighten: region = region.union(path)
                case .subtract: region = region.subtracting(path)
                case .intersect, .darken: region = region.intersection(path)
                case .difference: region = region.symmetricDifference(path)
                case .none: break
                }
            }
            return region
        }
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        layer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let frames = LottieTimeline.span(used.map(outlineFrames))
        layer.path = combined(atFrame: frames?.lowerBound ?? 0)
        if let frames { layer.add(timeline.sampled(keyPath: "path", over: frames, value: combined), forKey: "path") }
        return layer
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
        func path(_ outline: CGPath) -> CGPath {
            guard inverted else { return outline }
            let outside = CGMutablePath()
            outside.addRect(everything)
            outside.addPath(outline)
            return outside
        }
        layer.fillRule = inverted ? .evenOdd : .nonZero
        if mask.expansion.map({ $0.isAnimated || $0.initialValue.value != 0 }) == true {
            let frames = outlineFrames(mask)
            layer.path = path(outline(mask, atFrame: frames?.lowerBound ?? 0))
            if let frames { layer.add(timeline.sampled(keyPath: "path", over: frames) { path(outline(mask, atFrame: $0)) }, forKey: "path") }
        } else {
            layer.path = path(mask.path.initialValue.path)
            LottieTransformLayers.add(mask.path.keyframeAnimation(keyPath: "path", timeline: timeline) { path($0.path) }, to: layer)
        }
        LottieTransformLayers.opacity(mask.opacity, of: layer, timeline: timeline)
        return layer
    }
}
