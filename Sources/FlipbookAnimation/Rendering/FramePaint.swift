/// One paint of a frame tree: what a layer puts on the page at one point of its drawing,
/// with everything it needs to be drawn into any band of the frame. Paints are drawn
/// through the graphics state the operations before them set up (map, clip, alpha,
/// shadow, group); the offscreen ones are already pictures. Every case is boxed, so an
/// operation stays a few words long: copying one out of the frame tree while
/// rasterizing copies a reference, not an outline and a projective map.
indirect enum FramePaint: @unchecked Sendable {
    /// The layer's background colour filling its outline, mapped through `through` when
    /// the layer is drawn straight onto a plane in perspective.
    case background(LayerOutline, color: SIMD4<Double>, through: ProjectiveMapping?)
    /// The layer's border: the ring of `width` inside its outline.
    case border(LayerOutline, color: SIMD4<Double>, width: CGFloat, through: ProjectiveMapping?)
    /// The contents image, placed by gravity, `contentsRect` and `contentsCenter`.
    case contents(CGImage, LayerContentsDrawing)
    /// The contents image drawn straight through a projective map (uncropped, not stretched).
    case contentsThrough(CGImage, LayerContentsDrawing, in: CGRect, through: ProjectiveTransform, minifying: Bool)
    /// What the layer's class draws: a shape, a gradient, text, particles.
    case layerClass(LayerClassDrawing)
    /// The shadow of `path` alone, as a layer with a `shadowPath` casts it: its offset and
    /// blur radius in points, and its colour (the layer's shadow opacity applied).
    case pathShadow(CGPath, offset: CGSize, radius: CGFloat, color: CGColor?)
    /// A picture drawn into `rect`, straight or through a projective map: an offscreen
    /// plane, or a transition's frame, rendered once for the whole frame.
    case picture(CGImage, in: CGRect, through: ProjectiveTransform?)
    /// A plane drawn offscreen (its pixels made before any band reads them), mapped
    /// through a projective transform.
    case plane(OffscreenPlane, through: ProjectiveTransform)

    /// A projective map as outlines are drawn through it: paths carried point by point,
    /// flattened within `tolerance`.
    struct ProjectiveMapping: Equatable, Sendable {
        let transform: ProjectiveTransform
        let tolerance: CGFloat

        func map(_ path: CGPath) -> CGPath { transform.mapping(path, tolerance: tolerance) }
    }

    /// The rectangle (in the paint's user space) the paint fills with an opaque colour,
    /// when it is one: a square-cornered background, or a shape layer filling a rectangle.
    var opaqueRectangle: CGRect? {
        switch self {
        case let .background(outline, color, nil) where color.w >= 1: outline.path.axisAlignedRectangle
        case .layerClass(let drawing): drawing.opaqueRectangle
        default: nil
        }
    }

    /// Whether the two draw the same pixels for certain, under the same graphics state: the
    /// same kind of paint with equal values, its images the same objects. An offscreen
    /// plane, made again for every frame, never does.
    func drawsSame(as other: FramePaint) -> Bool {
        // Matched case by case rather than as a tuple, which would copy both paints.
        switch self {
        case let .background(o1, c1, m1):
            if case let .background(o2, c2, m2) = other { o1 == o2 && c1 == c2 && m1 == m2 } else { false }
        case let .border(o1, c1, w1, m1):
            if case let .border(o2, c2, w2, m2) = other { o1 == o2 && c1 == c2 && w1 == w2 && m1 == m2 } else { false }
        case let .contents(i1, d1):
            if case let .contents(i2, d2) = other { i1 === i2 && d1 == d2 } else { false }
        case let .contentsThrough(i1, d1, r1, t1, n1):
            if case let .contentsThrough(i2, d2, r2, t2, n2) = other { i1 === i2 && d1 == d2 && r1 == r2 && t1 == t2 && n1 == n2 } else { false }
        case .layerClass(let a):
            if case .layerClass(let b) = other { a.drawsSame(as: b) } else { false }
        case let .pathShadow(p1, o1, r1, c1):
            if case let .pathShadow(p2, o2, r2, c2) = other { p1 == p2 && o1 == o2 && r1 == r2 && c1 == c2 } else { false }
        case let .picture(i1, r1, t1):
            if case let .picture(i2, r2, t2) = other { i1 === i2 && r1 == r2 && t1 == t2 } else { false }
        case .plane:
            false
        }
    }

    /// Draws the paint into `context`.
    func draw(in context: CGContext) {
        switch self {
        case let .background(outline, color, mapping):
            outline.drawBackground(color, in: context) { mapping?.map($0) ?? $0 }
        case let .border(outline, color, width, mapping):
            outline.drawBorder(color, width: width, in: context) { mapping?.map($0) ?? $0 }
        case let .contents(image, drawing):
            drawing.draw(image, in: context)
        case let .contentsThrough(image, drawing, rect, transform, minifying):
            drawing.setInterpolation(minifying: minifying, in: context)
            context.draw(image, in: rect, through: transform)
        case .layerClass(let drawing):
            drawing.draw(in: context)
        case let .pathShadow(path, offset, radius, color):
            FramePaint.drawShadow(of: path, offset: offset, radius: radius, color: color, in: context)
        case let .picture(image, rect, transform):
            if let transform { context.draw(image, in: rect, through: transform) } else { context.draw(image, in: rect) }
        case let .plane(picture, transform):
            if let image = picture.image { context.draw(image, in: picture.covered, through: transform) }
        }
    }

    /// The shadow of `path` alone: the path is filled far off the canvas with the shadow
    /// offset bringing its shadow back, so only the shadow lands.
    private static func drawShadow(of path: CGPath, offset: CGSize, radius: CGFloat, color: CGColor?, in context: CGContext) {
        let away: CGFloat = 65_536  // device pixels: off any canvas, yet exact in Float
        let scale = context.pointScale
        let offset = CGSize(width: offset.width * scale, height: offset.height * scale)
        let m = context.ctm
        let determinant = m.a * m.d - m.b * m.c
        guard determinant != 0 else { return }
        // The user-space move that shifts the path `away` device pixels to the left.
        let dx = -away * m.d / determinant, dy = away * m.b / determinant
        context.saveGState()
        context.setShadow(offset: CGSize(width: offset.width + away, height: offset.height),
                          blur: 2 * radius * scale, color: color)
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.translateBy(x: dx, y: dy)
        context.addPath(path)
        context.fillPath()
        context.restoreGState()
    }

    /// One line of the frame tree's text form.
    var summary: String {
        switch self {
        case let .background(outline, color, mapping):
            "background \(FrameTree.text(color)) \(FrameTree.text(outline.bounds))\(mapping == nil ? "" : " projected")"
        case let .border(outline, color, width, mapping):
            "border \(FrameTree.text(color)) width \(FrameTree.text(width)) \(FrameTree.text(outline.bounds))" + (mapping == nil ? "" : " projected")
        case let .contents(image, drawing):
            "contents \(image.width)×\(image.height) in \(FrameTree.text(drawing.bounds))"
        case let .contentsThrough(image, _, rect, _, _):
            "contents \(image.width)×\(image.height) in \(FrameTree.text(rect)) projected"
        case .layerClass(let drawing):
            drawing.summary
        case let .pathShadow(path, _, radius, color):
            "path shadow \(color.map { FrameTree.text($0.components ?? []) } ?? "none") radius \(FrameTree.text(radius)) "
                + FrameTree.text(path.boundingBoxOfPath)
        case let .picture(image, rect, transform):
            "picture \(image.width)×\(image.height) in \(FrameTree.text(rect))\(transform == nil ? "" : " projected")"
        case .plane(let picture, _):
            "picture \(picture.width)×\(picture.height) in \(FrameTree.text(picture.covered)) projected"
        }
    }
}
