import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// Gradient fills and strokes as a `CAGradientLayer` masked by the shape they paint.
enum LottieGradientLayers {
    /// A layer painting `paint` through `mask` (the filled or stroked geometry), the
    /// gradient's start and end in the shape's own coordinates.
    static func make(_ paint: LottieGradientPaint, opacity: LottieProperty<LottieScalar>?, mask: CAShapeLayer, timeline: LottieTimeline) -> CALayer {
        let start = paint.startPoint?.initialValue.point ?? .zero, end = paint.endPoint?.initialValue.point ?? .zero
        // The gradient covers what the mask can show over its animation, no more (it is
        // shaded and masked over all of its bounds each frame), in a square: a gradient
        // layer lays its gradient out in the unit square of its bounds, so only a square
        // keeps a linear gradient's bands square to its axis and a radial one round.
        let reach = Self.reach(of: mask)
        let side = max(reach.width, reach.height)
        let area = CGRect(x: reach.midX - side / 2, y: reach.midY - side / 2, width: side, height: side)
        let gradient = CAGradientLayer()
        gradient.anchorPoint = .zero
        gradient.bounds = CGRect(origin: .zero, size: area.size)
        gradient.position = area.origin
        func unit(_ point: CGPoint) -> CGPoint {
            CGPoint(x: (point.x - area.minX) / area.width, y: (point.y - area.minY) / area.height)
        }
        let radial = paint.gradientType == 2
        func ends(_ start: CGPoint, _ end: CGPoint) -> (CGPoint, CGPoint) {
            guard radial else { return (unit(start), unit(end)) }
            // Core Animation's radial gradient reaches endPoint − startPoint along each axis.
            let radius = hypot(end.x - start.x, end.y - start.y)
            return (unit(start), CGPoint(x: unit(start).x + radius / area.width, y: unit(start).y + radius / area.height))
        }
        gradient.type = radial ? .radial : .axial
        gradient.radialFocus = Self.focus(of: paint)
        (gradient.startPoint, gradient.endPoint) = ends(start, end)
        let stops = Self.stops(paint.gradient.stops.initialValue.values, colorCount: paint.gradient.colorStopCount)
        gradient.colors = stops.map(\.color)
        gradient.locations = stops.map { NSNumber(value: $0.offset) }
        if let animated = paint.startPoint?.keyframeAnimation(keyPath: "startPoint", timeline: timeline, value: { ends($0.point, end).0 }) {
            gradient.add(animated, forKey: "startPoint")
        }
        if let animated = paint.endPoint?.keyframeAnimation(keyPath: "endPoint", timeline: timeline, value: { ends(start, $0.point).1 }) {
            gradient.add(animated, forKey: "endPoint")
        }
        if let animated = paint.gradient.stops.keyframeAnimation(keyPath: "colors", timeline: timeline, value: { values in
            Self.stops(values.values, colorCount: paint.gradient.colorStopCount).map(\.color)
        }) {
            gradient.add(animated, forKey: "colors")
        }
        // The mask is drawn in the shape's coordinates: moved into the gradient's.
        mask.position = CGPoint(x: -area.minX, y: -area.minY)
        gradient.mask = mask
        LottieTransformLayers.opacity(opacity, of: gradient, timeline: timeline)
        return gradient
    }

    /// Where a radial gradient's colours begin, as `CAGradientLayer.radialFocus` takes it
    /// (in the space where the gradient's circle is the unit circle): lottie-web's
    /// highlight, `highlightLength` percent of the radius (at most 99 either way) from the
    /// start point, `highlightAngle` degrees on from the start-to-end direction. Nil for a
    /// linear gradient and a highlight of 0; the first frame's values.
    static func focus(of paint: LottieGradientPaint) -> CGPoint? {
        guard paint.gradientType == 2, let length = paint.highlightLength?.initialValue.value, length != 0 else { return nil }
        let share = min(max(length / 100, -0.99), 0.99)
        let start = paint.startPoint?.initialValue.point ?? .zero, end = paint.endPoint?.initialValue.point ?? .zero
        let angle = atan2(end.y - start.y, end.x - start.x) + (paint.highlightAngle?.initialValue.value ?? 0) * .pi / 180
        return CGPoint(x: cos(angle) * share, y: sin(angle) * share)
    }

    /// Everywhere `mask` can paint: the control points of its path and of every path its
    /// animations pass through (a path between two keyframes lies inside their control
    /// points), grown by the widest stroke it animates through and two points: one for
    /// anti-aliasing, one so that at a pixel a point or more the mask lies within the
    /// layer's whole pixels, where the gradient fills the mask's region without a clip.
    static func reach(of mask: CAShapeLayer) -> CGRect {
        var paths = mask.path.map { [$0] } ?? []
        var width = mask.lineWidth
        for key in mask.animationKeys() ?? [] {
            guard let animation = mask.animation(forKey: key) as? CAKeyframeAnimation else { continue }
            switch animation.keyPath {
            case "path": paths += (animation.values ?? []).compactMap { $0 as? CGPath }
            case "lineWidth": width = (animation.values ?? []).compactMap { ($0 as? Double).map { CGFloat($0) } }.reduce(width, max)
            default: break
            }
        }
        let box = paths.reduce(CGRect.null) { $0.union($1.boundingBox) }
        guard !box.isNull else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        let stroke = mask.strokeColor == nil ? 0 : width / 2 * max(mask.lineJoin == .miter ? mask.miterLimit : 1, 1)
        return box.insetBy(dx: -stroke - 2, dy: -stroke - 2)
    }

    /// lottie-spec's gradient numbers as stops: `colorCount` colour stops (offset, red,
    /// green, blue), each given the opacity the opacity stops (offset, alpha) that follow
    /// reach at its offset.
    static func stops(_ values: [Double], colorCount: Int) -> [(offset: Double, color: CGColor)] {
        let count = max(min(colorCount, values.count / 4), 0)
        let opacities = stride(from: count * 4, to: values.count - 1, by: 2).map { (offset: values[$0], alpha: values[$0 + 1]) }
        func alpha(at offset: Double) -> Double {
            guard let first = opacities.first, let last = opacities.last else { return 1 }
            if offset <= first.offset { return first.alpha }
            if offset >= last.offset { return last.alpha }
            for (a, b) in zip(opacities, opacities.dropFirst()) where offset <= b.offset {
                return b.offset > a.offset ? a.alpha + (b.alpha - a.alpha) * (offset - a.offset) / (b.offset - a.offset) : b.alpha
            }
            return last.alpha
        }
        return (0..<count).map { index in
            let offset = values[index * 4]
            return (offset, CGColor(red: values[index * 4 + 1], green: values[index * 4 + 2], blue: values[index * 4 + 3], alpha: alpha(at: offset)))
        }
    }
}
