/// What a layer's class draws above its contents and below its sublayers: a shape
/// layer's filled and stroked path, a gradient layer's gradient across its bounds.
struct LayerClassDrawing {
    let state: LayerState
    let kind: LayerAttributes.Kind
    /// The layer's outline: a gradient fills it as the background does, rounded corners
    /// and all.
    let outline: LayerOutline
    /// The layer's local time (emitters draw their particles at it).
    var time: Double = 0
    /// A gradient layer's gradient made at its commit, when the frame shows the committed
    /// colours and locations: made once rather than every frame.
    var committedGradient: CGGradient?
    /// For a gradient layer whose mask keeps one region lying within its outline: that
    /// region (in the layer's coordinates), which the gradient fills instead of its outline,
    /// so that the mask needs no clip of its own.
    var maskRegion: (path: CGPath, region: FrameTreeBuilder.MaskRegion)?

    func draw(in context: CGContext) {
        switch kind {
        case let .shape(fillRule, lineCap, lineJoin):
            drawShape(fillRule: fillRule, lineCap: lineCap, lineJoin: lineJoin, in: context)
        case let .gradient(type, focus):
            drawGradient(type, focus: focus, in: context)
        case let .text(string, font, isWrapped, alignment, truncation):
            drawText(string, font: font, isWrapped: isWrapped, alignment: alignment, truncation: truncation, in: context)
        case let .emitter(shape, mode, renderMode, _, seed, start):
            let emitter = ParticleEmitter(state: state, shape: shape, mode: mode, seed: seed)
            emitter.draw(at: time - start, renderMode: renderMode, in: context)
        case .plain, .replicator, .transformLayer:
            break
        }
    }

    /// The rectangle a shape layer fills with an opaque colour, when its path is one.
    var opaqueRectangle: CGRect? {
        guard case .shape = kind, let fill = state.fillColor, fill.w >= 1 else { return nil }
        return state.path?.axisAlignedRectangle
    }

    /// The colour to paint with; nil for none or fully transparent.
    private static func color(_ c: SIMD4<Double>?) -> CGColor? {
        guard let c, c.w > 0 else { return nil }
        return AnimatableValue.cgColor(c)
    }

    private func drawShape(fillRule: CAShapeLayerFillRule, lineCap: CAShapeLayerLineCap, lineJoin: CAShapeLayerLineJoin,
                           in context: CGContext) {
        guard let path = state.path, !path.isEmpty else { return }
        if let fill = Self.color(state.fillColor) {
            context.setFillColor(fill)
            context.addPath(path)
            context.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        guard let stroke = Self.color(state.strokeColor), state.lineWidth > 0, state.strokeStart < state.strokeEnd else { return }
        context.saveGState()
        context.setStrokeColor(stroke)
        ShapeStroke(state, lineCap: lineCap, lineJoin: lineJoin).apply(to: context)
        // strokeStart/strokeEnd trim the stroke only.
        context.addPath(ShapeStroke.stroked(path, in: state))
        context.strokePath()
        context.restoreGState()
    }

    /// As Apple's: the gradient is laid out in the unit square and the square stretched
    /// over the bounds. Axial from `startPoint` to `endPoint` (so on a 300 × 100 layer a
    /// gradient from corner to corner has its half-way line through the other two corners,
    /// not perpendicular to the diagonal); radial as an ellipse centred on `startPoint`
    /// reaching `endPoint` (its colours starting at `focus` when one is given: a cone from
    /// that point, radius 0, to the ellipse); conic sweeping once around `startPoint`,
    /// clockwise on screen, from the direction of `endPoint`. Colours extend past both ends;
    /// locations default to even spacing. The gradient fills the layer's outline as a
    /// background colour does: rounded by `cornerRadius` without `masksToBounds`, as on iOS.
    private func drawGradient(_ type: CAGradientLayerType, focus: CGPoint?, in context: CGContext) {
        guard let gradient = committedGradient ?? Self.gradient(colors: state.colors, locations: state.locations) else { return }
        let b = state.bounds.standardized
        guard b.width > 0, b.height > 0 else { return }
        let start = state.startPoint, end = state.endPoint
        context.saveGState()
        if let (path, region) = maskRegion {
            if case .stroke(let stroke) = region { stroke.addOutline(of: path, to: context) } else { context.addPath(path) }
            context.limitGradients(using: region.rule)
        } else {
            // The gradient fills the outline; with `masksToBounds` the outline clips
            // already, and limiting it twice would thin the corners' anti-aliased edge.
            context.addPath(state.masksToBounds ? CGPath(rect: b, transform: nil) : outline.path)
            context.limitGradients(using: .winding)
        }
        context.translateBy(x: b.minX, y: b.minY)
        context.scaleBy(x: b.width, y: b.height)
        let extend: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        if type == .radial {
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx > 0, ry > 0 {
                context.translateBy(x: start.x, y: start.y)
                context.scaleBy(x: rx, y: ry)
                context.drawRadialGradient(gradient, startCenter: focus ?? .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                           options: extend)
            }
        } else if type == .conic {
            context.drawConicGradient(gradient, center: start, angle: atan2(end.y - start.y, end.x - start.x))
        } else {
            context.drawLinearGradient(gradient, start: start, end: end, options: extend)
        }
        context.restoreGState()
    }

    /// The gradient through `colors` at `locations` (even spacing when they do not match),
    /// one colour standing for two; nil without colours.
    static func gradient(colors: [SIMD4<Double>?]?, locations: [Double]?) -> CGGradient? {
        let colors = (colors ?? []).map { color($0) ?? CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0) }
        guard colors.count >= 1, let space = CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
        let stops = colors.count == 1 ? colors + colors : colors
        let locations = locations.flatMap { $0.count == stops.count ? $0.map { CGFloat($0) } : nil }
        return CGGradient(colorsSpace: space, colors: stops, locations: locations)
    }

    /// The string in the layer's font, size and foreground colour from the top-left of
    /// the bounds, wrapped, aligned and truncated to them as the layer says.
    private func drawText(_ string: Any?, font: Any?, isWrapped: Bool, alignment: CATextLayerAlignmentMode,
                          truncation: CATextLayerTruncationMode, in context: CGContext) {
        guard let runs = CATextLayer.textRuns(string, font: font, fontSize: CGFloat(state.fontSize)) else { return }
        let layerColor = Self.color(state.foregroundColor)
        let b = state.bounds.standardized
        let layout = TextLayout(runs: runs, width: b.width, height: b.height, wraps: isWrapped,
                                alignment: CATextLayer.layoutAlignment(alignment), truncation: CATextLayer.layoutTruncation(truncation))
        context.saveGState()
        context.translateBy(x: b.minX, y: b.minY)
        for (run, path) in zip(runs, layout.runPaths) where !path.isEmpty {
            guard let color = run.color ?? layerColor else { continue }
            context.setFillColor(color)
            context.addPath(path)
            context.fillPath()
        }
        context.restoreGState()
    }
}

extension LayerAttributes.Kind {
    /// Whether the class draws anything of its own (`LayerClassDrawing`).
    var draws: Bool {
        switch self {
        case .shape, .gradient, .text, .emitter: true
        case .plain, .replicator, .transformLayer: false
        }
    }

    /// What the frame tree's text form calls the class's drawing.
    var name: String {
        switch self {
        case .plain: "plain"
        case .shape: "shape"
        case let .gradient(type, focus): "gradient \(type.rawValue)" + (focus.map { " focus \(FrameTree.text([$0.x, $0.y]))" } ?? "")
        case .replicator: "replicator"
        case .transformLayer: "transform layer"
        case .text(let string, _, _, _, _): "text \"\((string as? String) ?? (string.map { "\($0)" } ?? ""))\""
        case .emitter: "emitter"
        }
    }
}
