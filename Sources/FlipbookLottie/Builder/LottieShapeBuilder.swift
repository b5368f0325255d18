import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// Turns a shape layer's items into layers: a group becomes a layer inside its transform;
/// each fill or stroke becomes a `CAShapeLayer` painting the geometry listed before it in
/// its group. Items listed first are drawn on top, as in After Effects.
struct LottieShapeBuilder {
    let timeline: LottieTimeline

    /// A piece of geometry: its path now, and how its path animates.
    private struct Geometry {
        let path: CGPath
        let animation: CAKeyframeAnimation?
        /// Its place in its group's items.
        var index = 0

        func at(_ index: Int) -> Geometry { Geometry(path: path, animation: animation, index: index) }
    }

    /// The layer of a group's `items`, inside the group's transform when it has one.
    /// `trim` is the trim an enclosing group applies to everything above it.
    func group(_ items: [LottieShapeItem], trim inherited: LottieTrim? = nil) -> CALayer {
        var transform: LottieTransform?
        for case .transform(let found) in items { transform = found }
        // A trim cuts the paths listed above it in its group (and in the groups inside): the
        // strokes painting them draw the kept part.
        var ownTrim: (trim: LottieTrim, index: Int)?
        for (index, item) in items.enumerated() {
            if case .trim(let found) = item, found.hidden?.isSet != true { ownTrim = (found, index) }
        }
        /// The trim that cuts what is painted from geometry listed at `indices`: this
        /// group's when all of it lies above its trim, else the enclosing group's.
        func trim(cutting indices: [Int]) -> LottieTrim? {
            guard let ownTrim, indices.allSatisfy({ $0 < ownTrim.index }) else { return inherited }
            return ownTrim.trim
        }
        let (outer, inner) = LottieTransformLayers.make(transform ?? LottieTransform(), timeline: timeline, opacity: true)
        var geometry: [Geometry] = []
        var painted: [CALayer] = []   // in list order: the first is on top
        for (index, item) in items.enumerated() {
            switch item {
            case .rectangle(let rectangle) where rectangle.hidden?.isSet != true:
                // Rounded corners listed below a sharp rectangle round it.
                let rounding = items[(index + 1)...].lazy.compactMap { item -> Double? in
                    if case .roundedCorners(let corners) = item, corners.hidden?.isSet != true { return corners.radius?.initialValue.value }
                    return nil
                }.first
                geometry.append(Self.rectangle(rectangle, rounding: rounding, timeline: timeline).at(index))
            case .ellipse(let ellipse) where ellipse.hidden?.isSet != true:
                geometry.append(Self.ellipse(ellipse, timeline: timeline).at(index))
            case .polystar(let polystar) where polystar.hidden?.isSet != true:
                geometry.append(Geometry(path: polystar.initialPath, animation: nil, index: index))
            case .path(let shape) where shape.hidden?.isSet != true:
                geometry.append(Geometry(path: shape.path.initialValue.path,
                                         animation: shape.path.keyframeAnimation(keyPath: "path", timeline: timeline) { $0.path }, index: index))
            case .fill(let fill) where fill.hidden?.isSet != true:
                painted.append(paint(geometry) { layer in
                    layer.fillColor = fill.color.initialValue.color
                    layer.fillRule = fill.fillRule == 2 ? .evenOdd : .nonZero
                    LottieTransformLayers.add(fill.color.keyframeAnimation(keyPath: "fillColor", timeline: timeline) { $0.color }, to: layer)
                    LottieTransformLayers.opacity(fill.opacity, of: layer, timeline: timeline)
                })
            case .stroke(let stroke) where stroke.hidden?.isSet != true:
                painted.append(paint(geometry) { layer in
                    layer.fillColor = nil
                    layer.strokeColor = stroke.color.initialValue.color
                    LottieTransformLayers.add(stroke.color.keyframeAnimation(keyPath: "strokeColor", timeline: timeline) { $0.color }, to: layer)
                    Self.line(stroke.line, of: layer, timeline: timeline)
                    LottieTransformLayers.opacity(stroke.opacity, of: layer, timeline: timeline)
                    if let trim = trim(cutting: geometry.map(\.index)) { Self.apply(trim, to: layer, timeline: timeline) }
                })
            case .gradientFill(let fill) where fill.hidden?.isSet != true:
                let mask = paint(geometry) { layer in
                    layer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                    layer.fillRule = fill.fillRule == 2 ? .evenOdd : .nonZero
                }
                painted.append(LottieGradientLayers.make(fill.paint, opacity: fill.opacity, mask: mask, timeline: timeline))
            case .gradientStroke(let stroke) where stroke.hidden?.isSet != true:
                let mask = paint(geometry) { layer in
                    layer.fillColor = nil
                    layer.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                    Self.line(stroke.line, of: layer, timeline: timeline)
                    if let trim = trim(cutting: geometry.map(\.index)) { Self.apply(trim, to: layer, timeline: timeline) }
                }
                painted.append(LottieGradientLayers.make(stroke.paint, opacity: stroke.opacity, mask: mask, timeline: timeline))
            case .repeater(let repeater) where repeater.hidden?.isSet != true:
                // Copies of what is drawn above it in the group.
                painted = [Self.replicate(painted, by: repeater)]
            case .group(let group) where group.hidden?.isSet != true:
                painted.append(self.group(group.items ?? [], trim: trim(cutting: [index])))
            default:
                break
            }
        }
        for layer in painted.reversed() { inner.addSublayer(layer) }
        return outer
    }

    /// A shape layer painting `geometry` (its one path's animation kept when it is the only
    /// piece), styled by `style`.
    private func paint(_ geometry: [Geometry], style: (CAShapeLayer) -> Void) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        if geometry.count == 1, let only = geometry.first {
            layer.path = only.path
            if let animation = only.animation { layer.add(animation, forKey: "path") }
        } else {
            let combined = CGMutablePath()
            for piece in geometry { combined.addPath(piece.path) }
            layer.path = combined
        }
        style(layer)
        return layer
    }

    /// `layers` (the first on top) repeated by a repeater (lottie-spec's Repeater): each copy
    /// through the repeater's transform once more than the one before, its opacity going
    /// from the start opacity to the end opacity, the offset's copies skipped. Drawn at the
    /// repeater's first values.
    private static func replicate(_ layers: [CALayer], by repeater: LottieRepeater) -> CALayer {
        let copies = max(Int((repeater.copies?.initialValue.value ?? 1).rounded()), 0)
        let replicator = CAReplicatorLayer()
        replicator.anchorPoint = .zero
        replicator.instanceCount = copies
        let transform = repeater.transform?.transform ?? LottieTransform()
        let anchor = transform.anchor?.initialValue.point ?? .zero
        let position: CGPoint
        if case .combined(let value)? = transform.position { position = value.initialValue.point } else { position = .zero }
        let scale = transform.scale?.initialValue ?? LottieVector([100, 100])
        var step = CATransform3DMakeTranslation(position.x + anchor.x, position.y + anchor.y, 0)
        step = CATransform3DRotate(step, (transform.rotation?.initialValue.value ?? 0) * .pi / 180, 0, 0, 1)
        step = CATransform3DScale(step, scale[0, default: 100] / 100, scale[1, default: 100] / 100, 1)
        step = CATransform3DTranslate(step, -anchor.x, -anchor.y, 0)
        replicator.instanceTransform = step
        let content = CALayer()
        content.anchorPoint = .zero
        for layer in layers.reversed() { content.addSublayer(layer) }
        // The offset's copies come first: the content starts that many steps along.
        let offset = repeater.offset?.initialValue.value ?? 0
        if offset != 0, offset.isFinite, abs(offset) < 1000 {
            var shifted = CATransform3DIdentity
            for _ in 0..<Int(abs(offset).rounded()) { shifted = CATransform3DConcat(offset > 0 ? step : CATransform3DInvert(step), shifted) }
            content.transform = shifted
        }
        let start = (repeater.transform?.startOpacity?.initialValue.value ?? 100) / 100
        let end = (repeater.transform?.endOpacity?.initialValue.value ?? 100) / 100
        content.opacity = Float(start)
        if copies > 1, start > 0 { replicator.instanceAlphaOffset = Float((end - start) / start / Double(copies - 1)) }
        replicator.addSublayer(content)
        return replicator
    }

    /// A stroke's width, caps, joins, miter limit and dashes.
    private static func line(_ line: LottieLine, of layer: CAShapeLayer, timeline: LottieTimeline) {
        if let width = line.width {
            layer.lineWidth = width.initialValue.value
            LottieTransformLayers.add(width.keyframeAnimation(keyPath: "lineWidth", timeline: timeline) { $0.value }, to: layer)
        }
        layer.lineCap = [2: .round, 3: .square][line.lineCap ?? 1] ?? .butt
        layer.lineJoin = [2: .round, 3: .bevel][line.lineJoin ?? 1] ?? .miter
        layer.miterLimit = line.miterLimit ?? 4
        let dashes = line.dashes ?? []
        let pattern = dashes.filter { $0.kind != .offset }.map { NSNumber(value: $0.length.initialValue.value) }
        if !pattern.isEmpty { layer.lineDashPattern = pattern }
        layer.lineDashPhase = dashes.first { $0.kind == .offset }?.length.initialValue.value ?? 0
    }

    /// Trims a stroke to the part of its path from the trim's start to its end (percent),
    /// turned by its offset (degrees of the whole length).
    private static func apply(_ trim: LottieTrim, to layer: CAShapeLayer, timeline: LottieTimeline) {
        let offset = (trim.offset?.initialValue.value ?? 0) / 360
        func fraction(_ percent: Double) -> Double { min(max(percent / 100 + offset, 0), 1) }
        if let start = trim.start {
            layer.strokeStart = fraction(start.initialValue.value)
            LottieTransformLayers.add(start.keyframeAnimation(keyPath: "strokeStart", timeline: timeline) { fraction($0.value) }, to: layer)
        }
        if let end = trim.end {
            layer.strokeEnd = fraction(end.initialValue.value)
            LottieTransformLayers.add(end.keyframeAnimation(keyPath: "strokeEnd", timeline: timeline) { fraction($0.value) }, to: layer)
        }
    }

    /// A rectangle's path about its centre; its size or its centre may animate (one of them).
    private static func rectangle(_ rectangle: LottieRectangle, rounding: Double?, timeline: LottieTimeline) -> Geometry {
        let centre = rectangle.position?.initialValue.point ?? .zero
        let size = rectangle.size?.initialValue.size ?? .zero
        let own = rectangle.roundness?.initialValue.value ?? 0
        let radius = own > 0 ? own : rounding ?? 0
        let clockwise = rectangle.direction != 3
        func path(_ centre: CGPoint, _ size: CGSize) -> CGPath {
            LottieShapePaths.rectangle(centre: centre, size: size, radius: radius, clockwise: clockwise)
        }
        let animation = rectangle.size?.keyframeAnimation(keyPath: "path", timeline: timeline) { path(centre, $0.size) }
            ?? rectangle.position?.keyframeAnimation(keyPath: "path", timeline: timeline) { path($0.point, size) }
        return Geometry(path: path(centre, size), animation: animation)
    }

    /// An ellipse's path about its centre; its size or its centre may animate (one of them).
    private static func ellipse(_ ellipse: LottieEllipse, timeline: LottieTimeline) -> Geometry {
        let centre = ellipse.position?.initialValue.point ?? .zero
        let size = ellipse.size?.initialValue.size ?? .zero
        let clockwise = ellipse.direction != 3
        func path(_ centre: CGPoint, _ size: CGSize) -> CGPath {
            LottieShapePaths.ellipse(centre: centre, size: size, clockwise: clockwise)
        }
        let animation = ellipse.size?.keyframeAnimation(keyPath: "path", timeline: timeline) { path(centre, $0.size) }
            ?? ellipse.position?.keyframeAnimation(keyPath: "path", timeline: timeline) { path($0.point, size) }
        return Geometry(path: path(centre, size), animation: animation)
    }
}
