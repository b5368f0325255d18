import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// Turns a shape layer's items into layers: a group becomes a layer inside its transform;
/// each fill or stroke becomes a `CAShapeLayer` painting the geometry listed before it in
/// its group, the geometry of the groups listed before it included (through their
/// transforms), as lottie-web applies a style; each modifier (trim, offset, pucker and
/// bloat, rounded corners) changes the geometry listed before it, in its group and the
/// groups inside, whichever styles paint it. Items listed first are drawn on top, as in
/// After Effects.
struct LottieShapeBuilder {
    let timeline: LottieTimeline
    /// Where the colours of fills and strokes are listed for value providers.
    var colors: LottieColorTargets?
    /// The names leading to the items being built: the layer's, then the groups'.
    var names: [String] = []

    /// A piece of geometry: its path at any frame, the frames over which that changes, and
    /// Core Animation's own animation of it when one plays it exactly.
    private struct Geometry {
        let path: (Double) -> CGPath
        let frames: ClosedRange<Double>?
        let animation: CAKeyframeAnimation?
        /// Its place in its group's items (a nested group's pieces take the group's).
        var index = 0

        init(path: @escaping (Double) -> CGPath, frames: ClosedRange<Double>?, animation: CAKeyframeAnimation?, index: Int = 0) {
            self.path = path
            self.frames = frames
            self.animation = frames == nil ? nil : animation
            self.index = index
        }

        /// The path before anything moves.
        var initialPath: CGPath { path(frames?.lowerBound ?? 0) }

        func at(_ index: Int) -> Geometry { Geometry(path: path, frames: frames, animation: animation, index: index) }

        /// The piece with its path changed at each frame by `change`, whose own values move
        /// over `moving`.
        func modified(over moving: ClosedRange<Double>?, _ change: @escaping (CGPath, Double) -> CGPath) -> Geometry {
            Geometry(path: { frame in change(path(frame), frame) }, frames: LottieTimeline.span([frames, moving]), animation: nil, index: index)
        }

        /// The part of the piece `trim` keeps: a trim changes the path itself, so a fill
        /// paints the trimmed outline too.
        func trimmed(by trim: LottieTrim) -> Geometry {
            let still = trim.parts(atFrame: 0)
            if trim.animatedFrames == nil, still.count == 1, still[0] == (0, 1) { return self }
            return modified(over: trim.animatedFrames) { whole, frame in
                let kept = CGMutablePath()
                for part in trim.parts(atFrame: frame) { kept.addPath(whole.trimmedPath(from: part.start, to: part.end)) }
                return kept
            }
        }

        /// One piece for `pieces` (a group's pieces sharing its index) merged by `merge`
        /// at item `index`; nil for a plain merge, or for one path alone, which has nothing
        /// to merge with and stays as it is in every mode (as lottie-web, ThorVG and rlottie
        /// draw it; lottie-android's intersection of it with nothing draws nothing).
        static func merged(_ pieces: [Geometry], by merge: LottieMerge, at index: Int) -> Geometry? {
            guard let lastIndex = pieces.map(\.index).max(), let operation = merge.operation else { return nil }
            let (last, rest) = (pieces.filter { $0.index == lastIndex }, pieces.filter { $0.index != lastIndex })
            guard !rest.isEmpty else { return nil }
            return Geometry(path: { frame in operation(combined(rest, atFrame: frame), combined(last, atFrame: frame)) },
                            frames: LottieTimeline.span(pieces.map(\.frames)), animation: nil, index: index)
        }

        /// The piece with its outline moved out (or in) by `offset`.
        func offset(by offset: LottieOffsetPath) -> Geometry {
            guard let amount = offset.amount, amount.isAnimated || amount.initialValue.value != 0 else { return self }
            return modified(over: amount.animatedFrames) { offset.offset($0, by: amount.value(atFrame: $1).value) }
        }

        /// The piece puckered or bloated by `modifier`.
        func puckered(by modifier: LottiePuckerBloat) -> Geometry {
            guard let amount = modifier.amount, amount.isAnimated || amount.initialValue.value != 0 else { return self }
            return modified(over: amount.animatedFrames) { LottiePuckerBloat.apply($0, percent: amount.value(atFrame: $1).value) }
        }

        /// All of `pieces`' paths at `frame`, as one path.
        static func combined(_ pieces: [Geometry], atFrame frame: Double) -> CGPath {
            let path = CGMutablePath()
            for piece in pieces { path.addPath(piece.path(frame)) }
            return path
        }

        /// The piece in the coordinates outside a group whose transform is `transform`.
        func placed(by transform: LottieTransform, at index: Int) -> Geometry {
            let place = transform.placement
            guard let moving = transform.placementFrames else {
                let still = place(0)
                let animation = self.animation?.copy() as? CAKeyframeAnimation
                animation?.values = animation?.values?.map { value in (value as? CGPath).map { $0.copy(using: [still]) ?? $0 } ?? value }
                return Geometry(path: { path($0).copy(using: [still]) ?? path($0) }, frames: frames, animation: animation, index: index)
            }
            return Geometry(path: { frame in path(frame).copy(using: [place(frame)]) ?? path(frame) },
                            frames: LottieTimeline.span([frames, moving]), animation: nil, index: index)
        }
    }

    /// A change to the paths listed above it in its group and in the groups inside:
    /// lottie-spec's modifiers, which apply to all preceding shapes in their scope, nested
    /// groups' shapes included, one after another in list order (inner groups' first).
    private enum Modifier {
        case trim(LottieTrim), offset(LottieOffsetPath), pucker(LottiePuckerBloat)

        init?(_ item: LottieShapeItem) {
            switch item {
            case .trim(let trim) where trim.hidden?.isSet != true: self = .trim(trim)
            case .offsetPath(let offset) where offset.hidden?.isSet != true: self = .offset(offset)
            case .puckerBloat(let pucker) where pucker.hidden?.isSet != true: self = .pucker(pucker)
            default: return nil
            }
        }

        /// `pieces` as the modifier leaves them: a trim of several pieces "individually"
        /// (mode 2) keeps its part of their lengths laid end to end, as one path; any other
        /// modifier (a trim "simultaneously", the default) changes each piece on its own,
        /// as lottie-web's trim modifier does.
        func apply(to pieces: [Geometry]) -> [Geometry] {
            switch self {
            case .trim(let trim) where trim.mode == 2 && pieces.count > 1:
                let whole = Geometry(path: { Geometry.combined(pieces, atFrame: $0) }, frames: LottieTimeline.span(pieces.map(\.frames)),
                                     animation: nil, index: pieces.map(\.index).max() ?? 0)
                return [whole.trimmed(by: trim)]
            case .trim(let trim): return pieces.map { $0.trimmed(by: trim) }
            case .offset(let offset): return pieces.map { $0.offset(by: offset) }
            case .pucker(let pucker): return pieces.map { $0.puckered(by: pucker) }
            }
        }
    }

    /// A modifier and the place in its group's items it applies above (`Int.max` for an
    /// enclosing group's, which applies to everything in this one).
    private typealias ScopedModifier = (index: Int, modifier: Modifier)

    /// The layer of a group's `items`, inside the group's transform when it has one.
    func group(_ items: [LottieShapeItem]) -> CALayer {
        let layers = build(items, inherited: [], rounding: nil).layers
        if layers.count == 1 { return layers[0] }
        let container = CALayer()
        container.anchorPoint = .zero
        for layer in layers.reversed() { container.addSublayer(layer) }
        return container
    }

    /// The layers of a group's `items` (the first on top): one inside the group's
    /// transform, or, when that transform holds still at full opacity and no layer in it
    /// moves, the layers themselves with the transform in theirs. And all the geometry in
    /// them, in the coordinates outside the group's transform, changed by the group's own
    /// modifiers, for the styles listed after the group in its parent. `inherited` are the
    /// enclosing groups' modifiers listed after this group (innermost first), which change
    /// what this group paints; `rounding` the radius of the enclosing groups' rounded corners.
    private func build(_ items: [LottieShapeItem], inherited: [Modifier], rounding inheritedRounding: LottieProperty<LottieScalar>?)
        -> (layers: [CALayer], geometry: [Geometry]) {
        var transform: LottieTransform?
        for case .transform(let found) in items { transform = found }
        let own: [ScopedModifier] = items.enumerated().compactMap { index, item in Modifier(item).map { (index, $0) } }
        let painting = own + inherited.map { (Int.max, $0) }
        /// `pieces` with each of `modifiers` applied, in order, to those listed above it.
        func apply(_ modifiers: some Sequence<ScopedModifier>, to pieces: [Geometry]) -> [Geometry] {
            modifiers.reduce(pieces) { pieces, scoped in
                let above = pieces.filter { $0.index < scoped.index }
                return above.isEmpty ? pieces : scoped.modifier.apply(to: above) + pieces.filter { $0.index >= scoped.index }
            }
        }
        /// What a stroke paints of `pieces`: as the modifiers leave them; but a trim that
        /// comes last for all of them, over one piece or "individually" (mode 2), and never
        /// wraps round a path's start, is returned to cut the stroke's start and end instead,
        /// which Core Animation plays itself.
        func stroked(_ pieces: [Geometry]) -> (pieces: [Geometry], trim: LottieTrim?) {
            if let (index, last) = painting.last, case .trim(let trim) = last, pieces.allSatisfy({ $0.index < index }), !trim.wraps {
                let cut = apply(painting.dropLast(), to: pieces)
                if cut.count == 1 || trim.mode == 2 { return (cut, trim) }
            }
            return (apply(painting, to: pieces), nil)
        }
        /// The radius of the rounded corners listed after item `index`, if any, or else the
        /// enclosing groups'.
        func rounding(after index: Int) -> LottieProperty<LottieScalar>? {
            items[(index + 1)...].lazy.compactMap { item -> LottieProperty<LottieScalar>? in
                if case .roundedCorners(let corners) = item, corners.hidden?.isSet != true { return corners.radius }
                return nil
            }.first ?? inheritedRounding
        }
        var geometry: [Geometry] = []
        var painted: [CALayer] = []   // in list order: the first is on top
        for (index, item) in items.enumerated() {
            switch item {
            case .rectangle(let rectangle) where rectangle.hidden?.isSet != true:
                // Rounded corners listed below a sharp rectangle round it.
                geometry.append(Self.rectangle(rectangle, rounding: rounding(after: index), timeline: timeline).at(index))
            case .ellipse(let ellipse) where ellipse.hidden?.isSet != true:
                geometry.append(Self.ellipse(ellipse, timeline: timeline).at(index))
            case .polystar(let polystar) where polystar.hidden?.isSet != true:
                // Rounded corners listed below round its sharp vertices.
                let radius = rounding(after: index)
                geometry.append(Geometry(path: { polystar.bezier(atFrame: $0).rounded(radius: radius?.value(atFrame: $0).value ?? 0).path },
                                         frames: LottieTimeline.span([polystar.animatedFrames, radius?.animatedFrames]), animation: nil, index: index))
            case .path(let shape) where shape.hidden?.isSet != true:
                if let radius = rounding(after: index) {
                    // Rounded corners listed below round the path's sharp vertices.
                    geometry.append(Geometry(path: { shape.path.value(atFrame: $0).rounded(radius: radius.value(atFrame: $0).value).path },
                                             frames: LottieTimeline.span([shape.path.animatedFrames, radius.animatedFrames]), animation: nil, index: index))
                } else {
                    geometry.append(Geometry(path: { shape.path.value(atFrame: $0).path }, frames: shape.path.animatedFrames,
                                             animation: shape.path.keyframeAnimation(keyPath: "path", timeline: timeline) { $0.path }, index: index))
                }
            case .fill(let fill) where fill.hidden?.isSet != true:
                painted.append(paint(apply(painting, to: geometry)) { layer in
                    colors?.add(names + [fill.name ?? ""], layer: layer, keyPath: "fillColor")
                    layer.fillColor = fill.color.initialValue.color
                    layer.fillRule = fill.fillRule == 2 ? .evenOdd : .nonZero
                    LottieTransformLayers.add(fill.color.keyframeAnimation(keyPath: "fillColor", timeline: timeline) { $0.color }, to: layer)
                    LottieTransformLayers.opacity(fill.opacity, of: layer, timeline: timeline)
                })
            case .stroke(let stroke) where stroke.hidden?.isSet != true:
                let (pieces, cut) = stroked(geometry)
                painted.append(paint(pieces) { layer in
                    colors?.add(names + [stroke.name ?? ""], layer: layer, keyPath: "strokeColor")
                    layer.fillColor = nil
                    layer.strokeColor = stroke.color.initialValue.color
                    LottieTransformLayers.add(stroke.color.keyframeAnimation(keyPath: "strokeColor", timeline: timeline) { $0.color }, to: layer)
                    Self.line(stroke.line, of: layer, timeline: timeline)
                    LottieTransformLayers.opacity(stroke.opacity, of: layer, timeline: timeline)
                    if let cut { Self.trimStroke(of: layer, by: cut, timeline: timeline) }
                })
            case .gradientFill(let fill) where fill.hidden?.isSet != true:
                let mask = paint(apply(painting, to: geometry)) { layer in
                    layer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                    layer.fillRule = fill.fillRule == 2 ? .evenOdd : .nonZero
                }
                painted.append(LottieGradientLayers.make(fill.paint, opacity: fill.opacity, mask: mask, timeline: timeline))
            case .gradientStroke(let stroke) where stroke.hidden?.isSet != true:
                let (pieces, cut) = stroked(geometry)
                let mask = paint(pieces) { layer in
                    layer.fillColor = nil
                    layer.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                    Self.line(stroke.line, of: layer, timeline: timeline)
                    if let cut { Self.trimStroke(of: layer, by: cut, timeline: timeline) }
                }
                painted.append(LottieGradientLayers.make(stroke.paint, opacity: stroke.opacity, mask: mask, timeline: timeline))
            case .repeater(let repeater) where repeater.hidden?.isSet != true:
                // Copies of what is drawn above it in the group.
                painted = [LottieRepeaterLayers.replicate(painted, by: repeater, timeline: timeline)]
            case .merge(let merge) where merge.hidden?.isSet != true:
                // The geometry above becomes one region, changed first by the modifiers listed above the merge.
                let modified = apply(own.prefix { $0.index < index }, to: geometry)
                if let merged = Geometry.merged(modified, by: merge, at: index) { geometry = [merged] }
            case .group(let group) where group.hidden?.isSet != true:
                var inside = self
                inside.names.append(group.name ?? "")
                let (layers, pieces) = inside.build(group.items ?? [], inherited: own.filter { $0.index > index }.map(\.modifier) + inherited,
                                                    rounding: rounding(after: index))
                painted += layers
                geometry += pieces.map { $0.at(index) }
            default:
                break
            }
        }
        let modified = apply(own, to: geometry)
        let placed = transform.map { transform in modified.map { $0.placed(by: transform, at: 0) } } ?? modified
        if let still = Self.stillPlacement(transform), painted.allSatisfy(Self.holdsStill) {
            for layer in painted {
                layer.setAffineTransform(layer.affineTransform()
                    .concatenating(CGAffineTransform(translationX: layer.position.x, y: layer.position.y)).concatenating(still))
                layer.position = .zero
            }
            return (painted, placed)
        }
        let (outer, inner) = LottieTransformLayers.make(transform ?? LottieTransform(), timeline: timeline, opacity: true)
        for layer in painted.reversed() { inner.addSublayer(layer) }
        return ([outer], placed)
    }

    /// A group transform's map when it holds still at full opacity (none: the identity).
    private static func stillPlacement(_ transform: LottieTransform?) -> CGAffineTransform? {
        guard let transform else { return .identity }
        guard transform.placementFrames == nil, transform.opacity.map({ !$0.isAnimated && $0.initialValue.value >= 100 }) ?? true else { return nil }
        return transform.placement(0)
    }

    /// Whether nothing moves `layer` in its parent (its transform, position, anchor point
    /// and bounds are not animated), so that a map can join its transform.
    private static func holdsStill(_ layer: CALayer) -> Bool {
        !(layer.animationKeys() ?? []).contains { key in
            let path = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath ?? key
            return ["transform", "position", "anchorPoint", "bounds"].contains { path == $0 || path.hasPrefix($0 + ".") }
        }
    }

    /// A shape layer painting `geometry`, styled by `style`: the one piece's own animation
    /// when it has one, else, when anything moves, the combined path at every frame.
    private func paint(_ geometry: [Geometry], style: (CAShapeLayer) -> Void) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        func combined(_ frame: Double) -> CGPath { Geometry.combined(geometry, atFrame: frame) }
        if geometry.count == 1, let only = geometry.first {
            layer.path = only.initialPath
            if let animation = only.animation { layer.add(animation, forKey: "path") }
        } else {
            layer.path = combined(geometry.compactMap(\.frames?.lowerBound).min() ?? 0)
        }
        if layer.animation(forKey: "path") == nil, let frames = LottieTimeline.span(geometry.map(\.frames)) {
            layer.add(timeline.sampled(keyPath: "path", over: frames, value: combined), forKey: "path")
        }
        style(layer)
        return layer
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

    /// Trims a stroke to the part of its path the trim keeps, sampled frame by frame when
    /// it moves (which end begins may change).
    private static func trimStroke(of layer: CAShapeLayer, by trim: LottieTrim, timeline: LottieTimeline) {
        let frames = trim.animatedFrames
        let initial = trim.ends(atFrame: frames?.lowerBound ?? 0)
        (layer.strokeStart, layer.strokeEnd) = (CGFloat(initial.start), CGFloat(initial.end))
        guard let frames else { return }
        layer.add(timeline.sampled(keyPath: "strokeStart", over: frames) { trim.ends(atFrame: $0).start }, forKey: "strokeStart")
        layer.add(timeline.sampled(keyPath: "strokeEnd", over: frames) { trim.ends(atFrame: $0).end }, forKey: "strokeEnd")
    }

    /// A rectangle's path about its centre; its size, centre and roundness may all move
    /// (Core Animation plays a moving size or centre alone itself).
    private static func rectangle(_ rectangle: LottieRectangle, rounding: LottieProperty<LottieScalar>?, timeline: LottieTimeline) -> Geometry {
        let clockwise = rectangle.direction != 3
        func path(_ centre: CGPoint, _ size: CGSize, _ frame: Double) -> CGPath {
            let own = rectangle.roundness?.value(atFrame: frame).value ?? 0
            let radius = own > 0 ? own : rounding?.value(atFrame: frame).value ?? 0
            return LottieShapePaths.rectangle(centre: centre, size: size, radius: radius, clockwise: clockwise)
        }
        return Self.sized(centre: rectangle.position, size: rectangle.size, others: [rectangle.roundness?.animatedFrames, rounding?.animatedFrames],
                          timeline: timeline, path: path)
    }

    /// An ellipse's path about its centre; its size and centre may both move.
    private static func ellipse(_ ellipse: LottieEllipse, timeline: LottieTimeline) -> Geometry {
        let clockwise = ellipse.direction != 3
        return Self.sized(centre: ellipse.position, size: ellipse.size, others: [], timeline: timeline) { centre, size, _ in
            LottieShapePaths.ellipse(centre: centre, size: size, clockwise: clockwise)
        }
    }

    /// The geometry of a shape made from a centre and a size (and, through `path`'s frame,
    /// other properties moving over `others`): a lone moving size or centre played by Core
    /// Animation itself, anything more sampled frame by frame.
    private static func sized(centre: LottieProperty<LottieVector>?, size: LottieProperty<LottieVector>?, others: [ClosedRange<Double>?],
                              timeline: LottieTimeline, path: @escaping (CGPoint, CGSize, Double) -> CGPath) -> Geometry {
        func at(_ frame: Double) -> (CGPoint, CGSize) {
            (centre?.value(atFrame: frame).point ?? .zero, size?.value(atFrame: frame).size ?? .zero)
        }
        let frames = LottieTimeline.span([centre?.animatedFrames, size?.animatedFrames] + others)
        var animation: CAKeyframeAnimation?
        if LottieTimeline.span(others) == nil {
            let (still, stillSize) = at(0)
            if centre?.animatedFrames == nil {
                animation = size?.keyframeAnimation(keyPath: "path", timeline: timeline) { path(still, $0.size, 0) }
            } else if size?.animatedFrames == nil {
                animation = centre?.keyframeAnimation(keyPath: "path", timeline: timeline) { path($0.point, stillSize, 0) }
            }
        }
        return Geometry(path: { frame in let (c, s) = at(frame); return path(c, s, frame) }, frames: frames, animation: animation)
    }
}
