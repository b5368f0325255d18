/// Builds the `FrameTree` of one evaluated frame of a render-tree renderTree: the one place
/// that knows how Core Animation composites a layer tree. Each layer draws its shadow,
/// background, contents and class content, then its sublayers (ordered by `zPosition`),
/// then its border, all in its own plane. A sublayer whose transform keeps it flat on its
/// parent's plane is drawn straight through the plane's map; one seen in perspective is
/// drawn into its own plane first (offscreen, once) and then mapped through its projective
/// transform (perspective-correct, clipped at the eye), as a `CALayer` flattens its subtree.
struct FrameTreeBuilder {
    let renderTree: RenderTree
    let presentation: PresentationTree
    /// Each node's sublayers, in tree order, and its mask.
    let sublayers: [[Int]]
    let masks: [Int?]
    /// For one instance of a replicator: the replicator, and the transform (about its
    /// centre) its sublayers are drawn through on top of their own.
    var instance: (replicator: Int, transform: CATransform3D)?
    /// Each node's reach and plane map in this frame, once worked out (`reach(of:)`).
    let reaches: Reaches

    init(renderTree: RenderTree, presentation: PresentationTree) {
        self.renderTree = renderTree
        self.presentation = presentation
        sublayers = renderTree.sublayers
        masks = renderTree.masks
        reaches = Reaches(count: renderTree.nodes.count)
    }

    /// A builder of another frame of the same renderTree.
    init(copying other: FrameTreeBuilder, presentation: PresentationTree) {
        renderTree = other.renderTree
        self.presentation = presentation
        sublayers = other.sublayers
        masks = other.masks
        instance = other.instance
        reaches = Reaches(count: renderTree.nodes.count)
    }

    /// Draws the root layer and its tree onto `canvas`.
    func draw(on canvas: FrameCanvas) {
        guard !renderTree.nodes.isEmpty, presentation.values.count == renderTree.nodes.count else { return }
        drawSublayer(0, parent: nil, on: canvas, mirrored: false, alpha: 1)
    }

    /// Whether node `index` draws anything in this frame: it is not hidden and has some
    /// opacity. Its fields are read in place: a whole LayerState is large.
    func isShown(_ index: Int) -> Bool {
        !presentation.values[index].isHidden && presentation.values[index].opacity > 0
    }

    /// Draws node `index`, placed in its parent's plane (the canvas's user space).
    /// `mirrored`: whether the parent's plane is seen from behind; `alpha`: the opacity
    /// ancestors without group opacity pass down.
    /// `through`, when given, replaces the layer's own map into the parent's plane.
    func drawSublayer(_ index: Int, parent: Int?, on canvas: FrameCanvas, mirrored: Bool, alpha: CGFloat,
                      through given: ProjectiveTransform? = nil) {
        guard isShown(index) else { return }
        if sharesSpace(index), given == nil {
            drawTransformLayer(index, parent: parent, on: canvas, mirrored: mirrored, alpha: alpha)
            return
        }
        let toParent = given ?? parentPlane(of: index, in: parent)
        let determinant = toParent.determinant
        guard determinant != 0, determinant.isFinite else { return }  // seen edge-on
        let backFacing = (determinant < 0) != mirrored
        if backFacing, !presentation.values[index].isDoubleSided { return }
        canvas.saveGState()
        if let affine = Self.flatAffine(toParent) {
            canvas.concatenate(affine)
            if let reach = reach(of: index) { canvas.bound(reach) }
            drawLayer(index, on: canvas, mirrored: backFacing, alpha: alpha)
        } else {
            if let reach = reach(of: index) { canvas.bound(Self.bounds(of: toParent.visiblePolygon(of: reach))) }
            drawInPerspective(index, through: toParent, on: canvas, mirrored: backFacing, alpha: alpha)
        }
        canvas.restoreGState()
    }

    /// The map from node `index`'s plane (its bounds coordinates) to its parent's: a mask
    /// sits in its layer's bounds, a sublayer goes through the parent's sublayer transform
    /// and geometry flip.
    func planeTransform(of index: Int, in parent: Int?, instanceTransform: CATransform3D? = nil) -> ProjectiveTransform {
        // Most layers keep to their parent's plane: their placement alone, without 4×4 products.
        if instanceTransform == nil, let flat = flatPlaneTransform(of: index, in: parent) { return flat }
        return spaceTransform(of: index, in: parent, instanceTransform: instanceTransform).planeTransform
    }

    /// `planeTransform(of:in:)` of a layer whose transform keeps to the plane, in a parent
    /// that adds nothing to its sublayers' placements, outside a replicator's instance: read
    /// in place (a node and a layer's state are large to copy); nil for any other.
    private func flatPlaneTransform(of index: Int, in parent: Int?) -> ProjectiveTransform? {
        renderTree.nodes.withUnsafeBufferPointer { nodes in
            presentation.values.withUnsafeBufferPointer { values in
                let states = values.baseAddress!
                if let parent, !nodes[index].isMask {
                    guard parent != instance?.replicator,
                          (states + parent).keepsSublayerSpace(flipsGeometry: nodes[parent].layer.attributes.isGeometryFlipped) else { return nil }
                }
                return (states + index).flatPlacement
            }
        }
    }

    /// `planeTransform` before flattening: the 4×4 map from node `index`'s plane into its
    /// parent's space, depth included.
    func spaceTransform(of index: Int, in parent: Int?, instanceTransform: CATransform3D? = nil) -> CATransform3D {
        // Read in place: a copy of a whole LayerState costs more than the matrices.
        var transform = presentation.values.withUnsafeBufferPointer { values in
            let space = parent.flatMap { parent in
                renderTree.nodes[index].isMask ? nil
                    : values[parent].sublayerSpace(flipsGeometry: renderTree.nodes[parent].layer.attributes.isGeometryFlipped)
            }
            return values[index].transform(inParentSpace: space)
        }
        if let instance, parent == instance.replicator, !renderTree.nodes[index].isMask {
            transform = CATransform3DConcat(transform, instance.transform)
        }
        if let instanceTransform { transform = CATransform3DConcat(transform, instanceTransform) }
        return transform
    }

    /// The smallest rectangle holding `points` (null for none).
    static func bounds(of points: [CGPoint]) -> CGRect {
        points.reduce(CGRect.null) { $0.union(CGRect(origin: $1, size: .zero)) }
    }

    /// The affine map `transform` is when it has no perspective worth a pixel. A turn by a
    /// multiple of a right angle leaves rounding in the terms that should be zero (sin π is
    /// 1.2 × 10⁻¹⁶, not 0): a term under 10⁻¹² of the largest is taken as zero, so the map
    /// keeps rectangles on screen axis-aligned, as it does in exact arithmetic.
    static func flatAffine(_ t: ProjectiveTransform) -> CGAffineTransform? {
        guard abs(t.m13) < 1e-12, abs(t.m23) < 1e-12, t.m33 != 0 else { return nil }
        let largest = max(abs(t.m11), abs(t.m12), abs(t.m21), abs(t.m22))
        func term(_ v: CGFloat) -> CGFloat { abs(v) < 1e-12 * largest ? 0 : v / t.m33 }
        return CGAffineTransform(a: term(t.m11), b: term(t.m12), c: term(t.m21), d: term(t.m22),
                                 tx: t.m31 / t.m33, ty: t.m32 / t.m33)
    }

    /// Renders the layer's subtree flat in its own plane at the resolution it is seen at,
    /// then maps that picture through `transform` into the canvas.
    private func drawInPerspective(_ index: Int, through transform: ProjectiveTransform, on canvas: FrameCanvas,
                                   mirrored: Bool, alpha: CGFloat) {
        let extent = subtreeExtent(index).integral
        guard !extent.isEmpty, extent.width.isFinite, extent.height.isFinite else { return }
        // Pixels per layer point: the largest scale the map shows the plane at (over its
        // visible corners), capped so a plane seen nearly edge-on stays bounded.
        let device = transform.concatenating(ProjectiveTransform(canvas.ctm))
        let corners = [CGPoint(x: extent.minX, y: extent.minY), CGPoint(x: extent.maxX, y: extent.minY),
                       CGPoint(x: extent.maxX, y: extent.maxY), CGPoint(x: extent.minX, y: extent.maxY)]
        // Near the eye (small w) the plane is magnified by about 1/w.
        let nearest = corners.map { device.homogeneous($0).z }.filter { $0 > 1e-6 }.min() ?? 1
        let base = canvas.pointScale
        let scale: CGFloat = min(max(base / CGFloat(nearest), base, 0.25), 4 * max(base, 1))
        if drawOutlines(of: index, through: transform, tolerance: 1 / (64 * scale), on: canvas, alpha: alpha)
            || drawContentsImage(of: index, through: transform, pixelsPerPoint: scale, on: canvas, alpha: alpha) { return }
        guard let plane = canvas.plane(of: extent, scale: scale, { drawLayer(index, on: $0, mirrored: mirrored, alpha: 1) })
        else { return }
        canvas.saveGState()
        canvas.setAlpha(alpha)
        canvas.paint(.plane(plane, through: transform))
        canvas.restoreGState()
    }

    /// Draws a layer that shows only its background and border (no contents, class content,
    /// sublayers, mask or shadow) as its outlines mapped through `transform`: lines stay
    /// lines under projection and solid paint needs no perspective-correct sampling, so no
    /// offscreen plane is needed. Returns false, drawing nothing, for any other layer.
    private func drawOutlines(of index: Int, through transform: ProjectiveTransform, tolerance: CGFloat,
                              on canvas: FrameCanvas, alpha: CGFloat) -> Bool {
        guard presentation.values[index].contents == nil, showsOnlyItsOwnPaint(index) else { return false }
        presentation.withLayerState(at: index) { state in
            let outline = outline(of: index, state: state)
            let mapping = FramePaint.ProjectiveMapping(transform: transform, tolerance: tolerance)
            canvas.saveGState()
            canvas.setAlpha(alpha * CGFloat(state.pointee.opacity))
            paintBackground(of: state, outline: outline, through: mapping, on: canvas)
            paintBorder(of: state, outline: outline, through: mapping, on: canvas)
            canvas.restoreGState()
        }
        return true
    }

    /// Draws a layer that shows only a contents image (no background, border, class
    /// content, sublayers, mask or shadow) straight through `transform`, as Core Animation
    /// maps a texture onto a quad: one perspective-correct sampling of the image instead of
    /// two through an offscreen plane. Returns false, drawing nothing, for any other layer
    /// or when the contents are cropped, nine-part stretched or clipped by the bounds.
    private func drawContentsImage(of index: Int, through transform: ProjectiveTransform, pixelsPerPoint: CGFloat,
                                   on canvas: FrameCanvas, alpha: CGFloat) -> Bool {
        let state = presentation.values[index]
        guard let image = state.contents as? CGImage, !state.showsBackground, !state.showsBorder,
              showsOnlyItsOwnPaint(index) else { return false }
        let contents = LayerContentsDrawing(state: state, attributes: renderTree.nodes[index].layer.attributes)
        guard let shown = contents.uncroppedPlacement(of: image) else { return false }
        canvas.saveGState()
        canvas.setAlpha(alpha * CGFloat(state.opacity))
        canvas.paint(.contentsThrough(image, contents, in: shown, through: transform,
                                       minifying: pixelsPerPoint * shown.width < CGFloat(image.width)))
        canvas.restoreGState()
        return true
    }

    /// Whether node `index` draws nothing but its own background, contents and border,
    /// in a way its opacity can simply scale: no sublayers, mask, filters, class
    /// content, shadow or running transition, and no group opacity that could change how its
    /// paints combine.
    private func showsOnlyItsOwnPaint(_ index: Int) -> Bool {
        let state = presentation.values[index]
        let attributes = renderTree.nodes[index].layer.attributes
        guard case .plain = attributes.kind, sublayers[index].isEmpty, masks[index] == nil, !attributes.filtersRendering,
              !state.castsShadow,
              renderTree.transitions(ofLayerAt: index, in: presentation).isEmpty else { return false }
        return !(state.opacity < 1 && attributes.allowsGroupOpacity && composites(of: index, transitioning: false) > 1)
    }

    /// Where the layer and its flattened sublayers (with their shadows) can draw, in its
    /// bounds coordinates, within its mask's extent when it has one; its own shadow is not
    /// included. The bounds count when the layer paints in them (a background, border,
    /// contents, a class that draws other than a shape, filters or a transition), or clips
    /// to them; an empty layer that only holds sublayers adds nothing of its own.
    func subtreeExtent(_ index: Int) -> CGRect {
        // `extent` within the mask's, since the mask clears the layer everywhere else.
        func masked(_ extent: CGRect) -> CGRect {
            guard let mask = masks[index] else { return extent }
            let map = planeTransform(of: mask, in: index)
            return extent.intersection(Self.bounds(of: map.visiblePolygon(of: shadowedExtent(mask))))
        }
        let bounds = presentation.values[index].bounds
        guard !presentation.values[index].masksToBounds else { return masked(bounds) }
        let attributes = renderTree.nodes[index].layer.attributes
        var extent = presentation.withLayerState(at: index) { state in
            let paintsBounds: Bool
            switch attributes.kind {
            case .plain, .shape, .replicator, .transformLayer:
                paintsBounds = state.pointee.showsBackground || state.pointee.showsBorder || state.pointee.contents != nil
                    || attributes.filtersRendering || !renderTree.transitions(ofLayerAt: index, in: presentation).isEmpty
            case .gradient, .text, .emitter:
                paintsBounds = true
            }
            var extent = paintsBounds ? bounds : .null
            if case .shape = attributes.kind, let path = state.pointee.path, !path.isEmpty {
                // A shape layer's path and stroke may lie anywhere, not only in its bounds;
                // a miter reaches at most miterLimit half-widths from the outline.
                let reach = state.pointee.strokeColor == nil ? 0 : CGFloat(state.pointee.lineWidth / 2 * max(state.pointee.miterLimit, 1))
                extent = extent.union(path.boundingBoxOfPath.insetBy(dx: -reach - 1, dy: -reach - 1))
            }
            return extent
        }
        let instances: [CATransform3D?] = replicatorInstanceTransforms(of: index) ?? [nil]
        for child in sublayers[index] {
            for instanceTransform in instances {
                let map = planeTransform(of: child, in: index, instanceTransform: instanceTransform)
                for corner in map.visiblePolygon(of: shadowedExtent(child)) {
                    extent = extent.union(CGRect(origin: corner, size: .zero))
                }
            }
        }
        return masked(extent)
    }

    /// `subtreeExtent` grown by the layer's shadow: its offset either way (the offset is
    /// applied in device space, so a rotated layer moves it along other axes) and 3σ of blur.
    func shadowedExtent(_ index: Int) -> CGRect {
        let extent = subtreeExtent(index)
        guard presentation.values[index].castsShadow else { return extent }
        let radius = presentation.values[index].shadowRadius, offset = presentation.values[index].shadowOffset
        let reach = 3 * CGFloat(radius) + 1 + max(abs(offset.width), abs(offset.height))
        return extent.insetBy(dx: -reach, dy: -reach)
    }

    /// Draws node `index` in its own bounds coordinates (the canvas's user space): the
    /// shadow, opacity and mask around its content and sublayers.
    private func drawLayer(_ index: Int, on canvas: FrameCanvas, mirrored: Bool, alpha: CGFloat) {
        presentation.withLayerState(at: index) { drawLayer(index, state: $0, on: canvas, mirrored: mirrored, alpha: alpha) }
    }

    /// `drawLayer(_:on:mirrored:alpha:)` with the layer's presentation values read in place.
    private func drawLayer(_ index: Int, state: UnsafePointer<LayerState>, on canvas: FrameCanvas, mirrored: Bool, alpha: CGFloat) {
        // Attributes are read in place: a copy retains every string and payload in them.
        let layer = renderTree.nodes[index].layer
        let transition = renderTree.transitions(ofLayerAt: index, in: presentation).last
        // Group opacity over a rendering that composites once looks exactly like that
        // composite made at the layer's opacity: no offscreen group for it.
        let grouped = state.pointee.opacity < 1 && layer.attributes.allowsGroupOpacity
            && composites(of: index, transitioning: transition != nil) > 1
        let shadowed = state.pointee.castsShadow
        // With a shadowPath the shadow comes from the path, drawn first on its own;
        // otherwise from the alpha of the layer's whole rendering.
        let pathShadow = shadowed && state.pointee.shadowPath != nil
        // A mask whose rendering is one opaque fill or stroke keeps what that region clips;
        // any other is drawn destination-in.
        let maskClip = masks[index].flatMap { region(of: $0, in: index) }
        let masked = masks[index] != nil && maskClip == nil
        // A compositing filter composites the layer's whole rendering with what lies behind;
        // a layer filter changes the whole rendering.
        let needsGroup = grouped || (shadowed && !pathShadow) || masked || layer.attributes.filtersRendering
        // A group is composited at the layer's opacity (times what ancestors pass down) and
        // drawn inside at alpha 1; without a group, that opacity passes down to everything.
        let opacity = alpha * CGFloat(state.pointee.opacity)
        let inner = needsGroup ? 1 : opacity
        // A group whose rendering is all transparent (drawn nothing, or masked away) shows
        // nothing, and is left out; only a compositing filter that replaces what lies
        // behind, or a shadow from a path, shows without it.
        let showsOnlyItsRendering = needsGroup && !pathShadow && layer.attributes.compositing == nil
        let extent = needsGroup ? subtreeExtent(index) : .null
        if showsOnlyItsRendering, extent.isNull { return }
        let start = canvas.operationCount
        canvas.saveGState()
        canvas.setAlpha(opacity)
        if shadowed, state.pointee.masksToBounds {
            // As on iOS, masksToBounds clips the layer's own shadow too (the usual fix is
            // a shadowed container around the clipping layer).
            canvas.clip(to: outline(of: index, state: state).path)
        }
        if pathShadow, let path = state.pointee.shadowPath {
            canvas.paint(.pathShadow(path, offset: state.pointee.shadowOffset, radius: CGFloat(state.pointee.shadowRadius),
                                     color: state.pointee.shadowCGColor))
        }
        if needsGroup {
            if shadowed, !pathShadow {
                canvas.setShadow(offset: state.pointee.shadowOffset, radius: CGFloat(state.pointee.shadowRadius),
                                 color: state.pointee.shadowCGColor)
            }
            if let mode = layer.attributes.compositing { canvas.setBlendMode(mode) }
            // The group is bounded by the subtree's extent grown by two pixels, so the
            // bound never meets the content's anti-aliased edge.
            let outset = 2 / max(canvas.pointScale, 1e-6)
            canvas.beginTransparencyLayer(in: extent.insetBy(dx: -outset, dy: -outset))
        }
        let paintsBefore = canvas.paintCount
        // Inside the group, if any: the group's composite is not clipped again.
        var filledRegion: (path: CGPath, region: MaskRegion)?
        if let maskClip {
            var transform = maskClip.transform
            if let path = maskClip.path.copy(using: &transform) {
                if transition == nil, fillsRegion(index, state: state, path: path, region: maskClip.region, ctm: canvas.ctm) {
                    filledRegion = (path, maskClip.region)
                } else {
                    switch maskClip.region {
                    case .fill(let rule): canvas.clip(to: path, rule: rule)
                    case .stroke(let stroke): canvas.clip(toStrokeOf: path, stroke)
                    }
                }
            }
        }
        if let transition {
            drawTransition(transition, of: index, on: canvas, mirrored: mirrored)
        } else {
            drawContent(index, state: state, on: canvas, mirrored: mirrored, alpha: inner, maskRegion: filledRegion)
        }
        if showsOnlyItsRendering, canvas.paintCount == paintsBefore {
            canvas.endTransparencyLayer()
            canvas.restoreGState()
            return canvas.discard(from: start)
        }
        if layer.attributes.masksToAlpha { canvas.convertGroupLuminanceToAlpha() }
        if masked, let mask = masks[index] {
            if let inverted = invertedSublayers(of: mask, in: index, on: canvas) {
                // A mask inverting its sublayers keeps the layer where they are transparent.
                canvas.setBlendMode(.destinationOut)
                canvas.beginTransparencyLayer()
                canvas.concatenate(inverted.transform)
                for child in inverted.sublayers { drawSublayer(child, parent: mask, on: canvas, mirrored: mirrored, alpha: 1) }
            } else {
                // The mask's rendering keeps the layer where it is opaque: destination-in.
                canvas.setBlendMode(.destinationIn)
                canvas.beginTransparencyLayer()
                drawSublayer(mask, parent: index, on: canvas, mirrored: mirrored, alpha: 1)
            }
            canvas.endTransparencyLayer()
        }
        if needsGroup { canvas.endTransparencyLayer() }
        canvas.restoreGState()
    }

    /// How many composites, counted up to 2 (2: more than one), node `index`'s content and
    /// sublayers make on the canvas it is drawn on (a mask drawn as a clip adds none): each
    /// of its background, contents, border, a shape's fill and stroke, a gradient, and what
    /// each visible sublayer makes, 1 for a sublayer drawn as a group (masked destination-in,
    /// or with group opacity over more than one). A running transition (`transitioning`),
    /// class content other than a shape's or gradient's, and a sublayer that casts a shadow,
    /// filters its rendering, shares 3-D space or is seen in perspective count as more than
    /// one.
    private func composites(of index: Int, transitioning: Bool) -> Int {
        guard !transitioning else { return 2 }
        var count = 0
        presentation.values.withUnsafeBufferPointer { values in
            let state = values.baseAddress! + index
            count += (state.pointee.showsBackground ? 1 : 0) + (state.pointee.contents != nil ? 1 : 0) + (state.pointee.showsBorder ? 1 : 0)
            switch renderTree.nodes[index].layer.attributes.kind {
            case .plain: break
            case .shape: count += (state.pointee.fillColor != nil ? 1 : 0) + (state.pointee.strokeColor != nil && state.pointee.lineWidth > 0 ? 1 : 0)
            case .gradient: count += 1
            default: count = 2
            }
        }
        for child in sublayers[index] where count < 2 {
            guard isShown(child) else { continue }
            let attributes = renderTree.nodes[child].layer.attributes
            guard !sharesSpace(child), !presentation.values[child].castsShadow, !attributes.filtersRendering,
                  Self.flatAffine(parentPlane(of: child, in: index)) != nil else { return 2 }
            let inner = composites(of: child, transitioning: !renderTree.transitions(ofLayerAt: child, in: presentation).isEmpty)
            let groupsItself = masks[child].map { region(of: $0, in: child) == nil } ?? false
                || (presentation.values[child].opacity < 1 && attributes.allowsGroupOpacity)
            count += groupsItself ? min(inner, 1) : inner
        }
        return min(count, 2)
    }

    /// What a mask that draws one opaque region keeps: a path filled under a rule, or the
    /// outline a stroke paints of a path.
    enum MaskRegion: Equatable {
        case fill(CGPathFillRule)
        case stroke(ShapeStroke)

        /// The rule the region's outline fills under (a stroke's outline: non-zero).
        var rule: CGPathFillRule {
            if case .fill(let rule) = self { return rule }
            return .winding
        }

        /// Whether the region is a stroke's outline.
        var isStroke: Bool {
            if case .stroke = self { return true }
            return false
        }
    }

    /// The region node `index` draws — its path, the map from its coordinates into those of
    /// `parent` (the layer it is drawn into) and how the path is painted — when all it
    /// draws is that path filled, or stroked, with an opaque colour: a shape layer that
    /// draws nothing else (no background, border or contents), or a plain layer drawing
    /// nothing itself around one visible sublayer that is such a region; each at full
    /// opacity, flat in its parent's plane and facing it (or double-sided), with no mask,
    /// shadow, filter, bounds clip or transition. A stroke only moved (not turned or
    /// scaled) on its way into `parent`, so that its width is the same there.
    private func region(of index: Int, in parent: Int) -> (path: CGPath, transform: CGAffineTransform, region: MaskRegion)? {
        presentation.withLayerState(at: index) { region(of: index, state: $0, in: parent) }
    }

    /// `region(of:in:)` with the layer's presentation values read in place.
    private func region(of index: Int, state: UnsafePointer<LayerState>, in parent: Int)
        -> (path: CGPath, transform: CGAffineTransform, region: MaskRegion)? {
        let attributes = renderTree.nodes[index].layer.attributes
        guard !state.pointee.isHidden, state.pointee.opacity >= 1, !state.pointee.showsBackground, !state.pointee.showsBorder,
              state.pointee.contents == nil, !state.pointee.masksToBounds, !state.pointee.castsShadow, masks[index] == nil,
              !attributes.filtersRendering, renderTree.transitions(ofLayerAt: index, in: presentation).isEmpty,
              let affine = Self.flatAffine(planeTransform(of: index, in: parent)),
              affine.a * affine.d - affine.b * affine.c > 0 || state.pointee.isDoubleSided else { return nil }
        func moved(_ t: CGAffineTransform) -> Bool { t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 }
        switch attributes.kind {
        case let .shape(rule, lineCap, lineJoin):
            guard let path = state.pointee.path, sublayers[index].isEmpty else { return nil }
            let trimmed = state.pointee.strokeStart < state.pointee.strokeEnd
            let fill = state.pointee.fillColor?.w ?? 0
            let stroke = state.pointee.lineWidth > 0 && trimmed ? state.pointee.strokeColor?.w ?? 0 : 0
            if fill >= 1, stroke <= 0 { return (path, affine, .fill(rule)) }
            guard stroke >= 1, fill <= 0, moved(affine) else { return nil }
            return (ShapeStroke.stroked(path, from: state.pointee.strokeStart, to: state.pointee.strokeEnd), affine,
                    .stroke(ShapeStroke(state, lineCap: lineCap, lineJoin: lineJoin)))
        case .plain:
            let shown = sublayers[index].filter(isShown)
            guard shown.count == 1, let inner = region(of: shown[0], in: index) else { return nil }
            let transform = inner.transform.concatenating(affine)
            if case .stroke = inner.region, !moved(transform) { return nil }
            return (inner.path, transform, inner.region)
        default:
            return nil
        }
    }

    /// Whether node `index` can paint its mask's region itself rather than be clipped to
    /// it: a gradient layer drawing nothing else (no background, border, contents or
    /// sublayers) fills the region instead of its outline when the region, in device
    /// pixels with a pixel around for its anti-aliased edge, lies where the outline — a
    /// rectangle on screen — covers whole pixels. The outline's coverage is full there, so
    /// the pixels are the clip's. `path` is in the layer's coordinates; `ctm` maps them to
    /// device pixels.
    private func fillsRegion(_ index: Int, state: UnsafePointer<LayerState>, path: CGPath, region: MaskRegion,
                             ctm: CGAffineTransform) -> Bool {
        guard case .gradient = renderTree.nodes[index].layer.attributes.kind, sublayers[index].isEmpty,
              !state.pointee.showsBackground, !state.pointee.showsBorder, state.pointee.contents == nil,
              let outline = outline(of: index, state: state).path.axisAlignedRectangle else { return false }
        var extent = path.boundingBoxOfPath
        if case .stroke(let stroke) = region {
            let reach = stroke.reach(from: path)
            extent = extent.insetBy(dx: -reach, dy: -reach)
        }
        guard let whole = FrameTree.wholePixels(of: outline, through: ctm) else { return false }
        return whole.contains(extent.applying(ctm).insetBy(dx: -1, dy: -1))
    }

    /// Node `index`'s sublayers back to front: by `zPosition`, ties in tree order (the
    /// tree order itself when no two differ, as is usual).
    func drawingOrder(of index: Int) -> [Int] {
        let children = sublayers[index]
        guard let first = children.first.map({ presentation.values[$0].zPosition }),
              children.contains(where: { presentation.values[$0].zPosition != first }) else { return children }
        return children.enumerated().sorted { a, b in
            let za = presentation.values[a.element].zPosition, zb = presentation.values[b.element].zPosition
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }

    /// Node `index`'s outline under `state` (read in place): the committed one, its path
    /// made already, while the frame leaves the committed bounds and corner radius as they are.
    func outline(of index: Int, state: UnsafePointer<LayerState>) -> LayerOutline {
        let committed = renderTree.nodes[index].layer
        let outline = LayerOutline(state.pointee, corners: committed.attributes.maskedCorners)
        return committed.outline == outline ? committed.outline : outline
    }

    /// Background, contents, class content, sublayers and border, in that order; `state`
    /// is the layer's presentation values, read in place.
    func drawContent(_ index: Int, state: UnsafePointer<LayerState>, on canvas: FrameCanvas,
                     mirrored: Bool, alpha: CGFloat, maskRegion: (path: CGPath, region: MaskRegion)? = nil) {
        let committed = renderTree.nodes[index].layer
        let outline = outline(of: index, state: state)
        paintBackground(of: state, outline: outline, through: nil, on: canvas)
        canvas.saveGState()
        if state.pointee.masksToBounds { canvas.clip(to: outline.path) }
        if let image = state.pointee.contents as? CGImage {
            canvas.paint(.contents(image, LayerContentsDrawing(state: state.pointee, attributes: committed.attributes)))
        }
        let gradient = committed.gradient.flatMap { made in
            state.pointee.colors == committed.committed.pointee.colors
                && state.pointee.locations == committed.committed.pointee.locations ? made : nil
        }
        if let drawing = LayerClassDrawing(state, kind: committed.attributes.kind, outline: outline, time: presentation.times[index],
                                           committedGradient: gradient, maskRegion: maskRegion, trim: canvas.trimmedPath) {
            canvas.paint(.layerClass(drawing))
        }
        let order = drawingOrder(of: index)
        if let instances = replicatorInstanceTransforms(of: index) {
            drawReplicas(of: index, through: instances, order: order, on: canvas, mirrored: mirrored, alpha: alpha)
        } else {
            for child in order { drawSublayer(child, parent: index, on: canvas, mirrored: mirrored, alpha: alpha) }
        }
        canvas.restoreGState()
        paintBorder(of: state, outline: outline, through: nil, on: canvas)
    }

    /// The layer's background, if it shows one.
    private func paintBackground(of state: UnsafePointer<LayerState>, outline: LayerOutline,
                                 through mapping: FramePaint.ProjectiveMapping?, on canvas: FrameCanvas) {
        guard state.pointee.showsBackground, let color = state.pointee.backgroundColor else { return }
        canvas.paint(.background(outline, color: color, through: mapping))
    }

    /// The layer's border, if it shows one.
    private func paintBorder(of state: UnsafePointer<LayerState>, outline: LayerOutline,
                             through mapping: FramePaint.ProjectiveMapping?, on canvas: FrameCanvas) {
        guard state.pointee.showsBorder, let color = state.pointee.borderColor else { return }
        canvas.paint(.border(outline, color: color, width: CGFloat(state.pointee.borderWidth), through: mapping))
    }
}
