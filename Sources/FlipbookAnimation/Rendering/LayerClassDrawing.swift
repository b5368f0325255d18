/// What a layer's class draws above its contents and below its sublayers: a shape
/// layer's filled and stroked path, a gradient layer's gradient across its bounds, a text
/// layer's string, an emitter layer's particles. Each case keeps only the presentation
/// values it draws with: a frame makes one for every shape layer it draws, and a whole
/// `LayerState` is over a kilobyte.
enum LayerClassDrawing {
    case shape(Shape)
    case gradient(Gradient)
    case text(Text)
    /// The particles `age` seconds after the emitter's start.
    case emitter(ParticleEmitter, renderMode: CAEmitterLayerRenderMode, age: Double)

    /// A shape layer's path, filled and then stroked (the stroke trimmed to
    /// `strokeStart`…`strokeEnd`).
    struct Shape: Equatable {
        let path: CGPath?
        let fillColor: SIMD4<Double>?
        let fillRule: CGPathFillRule
        let strokeColor: SIMD4<Double>?
        let lineWidth: Double
        /// The stroke's width, caps, joins and dashes; nil when the layer strokes nothing.
        let stroke: ShapeStroke?
        /// The part of `path` the stroke paints, trimmed by `strokeStart` and `strokeEnd`
        /// once when the frame is built (not in every band, nor for every replica drawn);
        /// nil when it paints none.
        let strokedPath: CGPath?
    }

    /// A gradient layer's gradient, filling its outline or, when its mask keeps one region
    /// lying within the outline, that region. Two are equal when every value is (the
    /// gradient made at commit the same object).
    struct Gradient: Equatable {
        let type: LayerAttributes.GradientShape
        let focus: CGPoint?
        /// The gradient made at the layer's commit, when the frame shows the committed
        /// colours and locations (made once rather than every frame); else the frame's
        /// colours and locations make it.
        let madeAtCommit: CGGradient?
        let colors: [SIMD4<Double>?]?
        let locations: [Double]?
        let bounds: CGRect
        let startPoint: CGPoint, endPoint: CGPoint
        let masksToBounds: Bool
        /// The layer's outline: the gradient fills it as the background does, rounded
        /// corners and all.
        let outline: LayerOutline
        /// The mask's region (in the layer's coordinates) the gradient fills instead of its
        /// outline, so that the mask needs no clip of its own.
        let maskRegion: (path: CGPath, region: FrameTreeBuilder.MaskRegion)?

        static func == (lhs: Gradient, rhs: Gradient) -> Bool {
            lhs.type == rhs.type && lhs.focus == rhs.focus && lhs.madeAtCommit === rhs.madeAtCommit
                && lhs.colors == rhs.colors && lhs.locations == rhs.locations && lhs.bounds == rhs.bounds
                && lhs.startPoint == rhs.startPoint && lhs.endPoint == rhs.endPoint && lhs.masksToBounds == rhs.masksToBounds
                && lhs.outline == rhs.outline && lhs.maskRegion?.path == rhs.maskRegion?.path
                && lhs.maskRegion?.region == rhs.maskRegion?.region
        }
    }

    /// A text layer's string in its font, size and foreground colour, laid out in its bounds.
    struct Text {
        let string: Any?
        let font: Any?
        let fontSize: Double
        let foregroundColor: SIMD4<Double>?
        let bounds: CGRect
        let isWrapped: Bool
        let alignment: CATextLayerAlignmentMode
        let truncation: CATextLayerTruncationMode
    }

    /// What the layer's class draws in a frame showing `state` (read in place); nil for a
    /// class that draws nothing of its own. `committedGradient` is a gradient layer's
    /// gradient made at its commit, when the frame shows the committed colours and
    /// locations; `maskRegion`, for a gradient layer, its mask's region to fill; `trim`
    /// makes the part of a path between two fractions of its length
    /// (`FrameCanvas.trimmedPath`, which trims a path once however many replicas draw it).
    init?(_ state: UnsafePointer<LayerState>, kind: LayerAttributes.Kind, outline: LayerOutline, time: Double,
          committedGradient: CGGradient?, maskRegion: (path: CGPath, region: FrameTreeBuilder.MaskRegion)?,
          trim: (CGPath, Double, Double) -> CGPath) {
        switch kind {
        case let .shape(fillRule, lineCap, lineJoin):
            let strokes = state.pointee.strokeColor != nil && state.pointee.lineWidth > 0
            let (start, end) = (state.pointee.strokeStart, state.pointee.strokeEnd)
            self = .shape(Shape(
                path: state.pointee.path, fillColor: state.pointee.fillColor, fillRule: fillRule,
                strokeColor: state.pointee.strokeColor, lineWidth: state.pointee.lineWidth,
                stroke: strokes ? ShapeStroke(state, lineCap: lineCap, lineJoin: lineJoin) : nil,
                strokedPath: strokes && start < end ? state.pointee.path.map { trim($0, start, end) } : nil))
        case let .gradient(type, focus):
            self = .gradient(Gradient(
                type: type, focus: focus, madeAtCommit: committedGradient, colors: state.pointee.colors,
                locations: state.pointee.locations, bounds: state.pointee.bounds, startPoint: state.pointee.startPoint,
                endPoint: state.pointee.endPoint, masksToBounds: state.pointee.masksToBounds, outline: outline,
                maskRegion: maskRegion))
        case let .text(string, font, isWrapped, alignment, truncation):
            self = .text(Text(
                string: string, font: font, fontSize: state.pointee.fontSize, foregroundColor: state.pointee.foregroundColor,
                bounds: state.pointee.bounds, isWrapped: isWrapped, alignment: alignment, truncation: truncation))
        case let .emitter(shape, mode, renderMode, _, seed, start):
            self = .emitter(ParticleEmitter(state: state.pointee, shape: shape, mode: mode, seed: seed),
                            renderMode: renderMode, age: time - start)
        case .plain, .replicator, .transformLayer:
            return nil
        }
    }

    func draw(in context: CGContext) {
        switch self {
        case .shape(let shape): shape.draw(in: context)
        case .gradient(let gradient): gradient.draw(in: context)
        case .text(let text): text.draw(in: context)
        case let .emitter(emitter, renderMode, age): emitter.draw(at: age, renderMode: renderMode, in: context)
        }
    }

    /// The rectangle a shape layer fills with an opaque colour, when its path is one.
    var opaqueRectangle: CGRect? {
        guard case .shape(let shape) = self, let fill = shape.fillColor, fill.w >= 1 else { return nil }
        return shape.path?.axisAlignedRectangle
    }

    /// What the frame tree's text form says of the drawing.
    var summary: String {
        switch self {
        case .shape(let shape):
            "shape fill \(FrameTree.text(shape.fillColor)) stroke \(FrameTree.text(shape.strokeColor)) "
                + "width \(FrameTree.text(shape.lineWidth)) path \(FrameTree.text(shape.path?.boundingBoxOfPath ?? .zero))"
        case .gradient(let gradient):
            "gradient \(gradient.type)" + (gradient.focus.map { " focus \(FrameTree.text([$0.x, $0.y]))" } ?? "")
                + " \(FrameTree.text(gradient.bounds))" + (gradient.maskRegion.map { path, region in
                    " filling " + (region.rule == .evenOdd ? "even-odd " : "") + (region.isStroke ? "stroke " : "")
                        + FrameTree.text(path.boundingBoxOfPath)
                } ?? "")
        case .text(let text):
            "text \"\((text.string as? String) ?? (text.string.map { "\($0)" } ?? ""))\" \(FrameTree.text(text.bounds))"
        case .emitter(let emitter, _, _):
            "emitter \(FrameTree.text(emitter.state.bounds))"
        }
    }

    /// Whether the two draw the same pixels for certain: the same class drawing the same
    /// values. Particles, which move with time, never do.
    func drawsSame(as other: LayerClassDrawing) -> Bool {
        // Matched case by case rather than as a tuple, which would copy both drawings.
        switch self {
        case .shape(let a): if case .shape(let b) = other { a == b } else { false }
        case .gradient(let a): if case .gradient(let b) = other { a == b } else { false }
        case .text(let a): if case .text(let b) = other { a.drawsSame(as: b) } else { false }
        case .emitter: false
        }
    }

    /// The colour to paint with; nil for none or fully transparent.
    static func color(_ c: SIMD4<Double>?) -> CGColor? {
        guard let c, c.w > 0 else { return nil }
        return AnimatableValue.cgColor(c)
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
}

extension LayerClassDrawing.Shape {
    func draw(in context: CGContext) {
        guard let path, !path.isEmpty else { return }
        if let fill = LayerClassDrawing.color(fillColor) {
            context.setFillColor(fill)
            context.addPath(path)
            context.fillPath(using: fillRule)
        }
        guard let color = LayerClassDrawing.color(strokeColor), let stroke, let strokedPath else { return }
        context.saveGState()
        context.setStrokeColor(color)
        stroke.apply(to: context)
        // strokeStart/strokeEnd trim the stroke only.
        context.addPath(strokedPath)
        context.strokePath()
        context.restoreGState()
    }
}

extension LayerClassDrawing.Gradient {
    /// As Apple's: the gradient is laid out in the unit square and the square stretched
    /// over the bounds. Axial from `startPoint` to `endPoint` (so on a 300 × 100 layer a
    /// gradient from corner to corner has its half-way line through the other two corners,
    /// not perpendicular to the diagonal); radial as an ellipse centred on `startPoint`
    /// reaching `endPoint` (its colours starting at `focus` when one is given: a cone from
    /// that point, radius 0, to the ellipse); conic sweeping once around `startPoint`,
    /// clockwise on screen, from the direction of `endPoint`. Colours extend past both ends;
    /// locations default to even spacing. The gradient fills the layer's outline as a
    /// background colour does: rounded by `cornerRadius` without `masksToBounds`, as on iOS.
    func draw(in context: CGContext) {
        guard let gradient = madeAtCommit ?? LayerClassDrawing.gradient(colors: colors, locations: locations) else { return }
        let b = bounds.standardized
        guard b.width > 0, b.height > 0 else { return }
        let start = startPoint, end = endPoint
        context.saveGState()
        if let (path, region) = maskRegion {
            if case .stroke(let stroke) = region { stroke.addOutline(of: path, to: context) } else { context.addPath(path) }
            context.limitGradients(using: region.rule)
        } else {
            // The gradient fills the outline; with `masksToBounds` the outline clips
            // already, and limiting it twice would thin the corners' anti-aliased edge.
            context.addPath(masksToBounds ? CGPath(rect: b, transform: nil) : outline.path)
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
}

extension LayerClassDrawing.Text {
    /// Whether the two draw the same pixels for certain: equal values, the string equal
    /// text or the same object, the font the same name or object.
    func drawsSame(as other: LayerClassDrawing.Text) -> Bool {
        /// Strings by their text, objects by identity; other values are not known to match.
        func same(_ a: Any?, _ b: Any?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case let (a as String, b as String): a == b
            case let (a?, b?): type(of: a) is AnyClass && (a as AnyObject) === (b as AnyObject)
            default: false
            }
        }
        return fontSize == other.fontSize && foregroundColor == other.foregroundColor && bounds == other.bounds
            && isWrapped == other.isWrapped && alignment == other.alignment && truncation == other.truncation
            && same(string, other.string) && same(font, other.font)
    }

    /// The string in the layer's font, size and foreground colour from the top-left of
    /// the bounds, wrapped, aligned and truncated to them as the layer says.
    func draw(in context: CGContext) {
        guard let runs = CATextLayer.textRuns(string, font: font, fontSize: CGFloat(fontSize)) else { return }
        let layerColor = LayerClassDrawing.color(foregroundColor)
        let b = bounds.standardized
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
