import FlipbookFilters

extension FrameTreeBuilder {
    /// Draws node `index`'s content (background, contents, sublayers, border) in the middle
    /// of a `CATransition`: the picture from before the change, frozen at its capture
    /// time, and the layer as it is now, blended by type at the transition's progress p:
    ///
    /// | type | before | after |
    /// | --- | --- | --- |
    /// | fade | alpha 1 − p | alpha p, added (a cross-dissolve) |
    /// | moveIn | still | slides in from the subtype's side, over it |
    /// | push | slides out away from that side | slides in from it |
    /// | reveal | slides out away from that side, over the new | still |
    /// | flip | turns away in 3-D until edge-on (p ≤ ½) | turns in on the back (p > ½) |
    /// | pageCurl | curls up from the bottom edge | uncovered beneath |
    /// | pageUnCurl | uncovered | uncurls down from the top edge, over it |
    ///
    /// The subtype names where the motion begins: `fromLeft` (also when nil, as Apple's
    /// documentation shows for push), `fromRight`, `fromTop` (the minimum y, the top on
    /// screen), `fromBottom`. The two pictures are composited as one group at the layer's
    /// opacity; with `masksToBounds` both are clipped to the layer's outline, otherwise
    /// moving pictures show outside it.
    ///
    /// With a Core Image transition `filter` (one with a target image and a time) that makes
    /// an image, the type is unused: both pictures are rendered over the layer's bounds at the canvas scale
    /// and the filter blends them — a copy of it, with `inputImage` the old picture,
    /// `inputTargetImage` the new, `inputTime` the progress, and a centre or extent left
    /// at its default set to the bounds' middle or the whole bounds.
    func drawTransition(_ transition: LayerTransition, of index: Int, on canvas: FrameCanvas, mirrored: Bool) {
        let bounds = presentation.values[index].bounds
        let p = CGFloat(min(max(transition.progress, 0), 1))
        let size = bounds.size
        let side: CGPoint = switch transition.subtype {
        case .some(.fromRight): CGPoint(x: size.width, y: 0)
        case .some(.fromTop): CGPoint(x: 0, y: -size.height)
        case .some(.fromBottom): CGPoint(x: 0, y: size.height)
        default: CGPoint(x: -size.width, y: 0)
        }
        func offset(_ fraction: CGFloat) -> CGPoint { CGPoint(x: side.x * fraction, y: side.y * fraction) }

        func paintBefore(into target: FrameCanvas) {
            guard let before = transition.before, !before.nodes.isEmpty else { return }
            let beforeFrame = before.evaluate(at: transition.beforeTime)
            let builder = FrameTreeBuilder(renderTree: before, presentation: beforeFrame)
            beforeFrame.withLayerState(at: 0) { builder.drawContent(0, state: $0, on: target, mirrored: mirrored, alpha: 1) }
        }
        func paintAfter(into target: FrameCanvas) {
            presentation.withLayerState(at: index) { drawContent(index, state: $0, on: target, mirrored: mirrored, alpha: 1) }
        }
        func drawBefore(at offset: CGPoint, alpha: CGFloat = 1, blend: CGBlendMode = .normal) {
            draw(at: offset, alpha: alpha, blend: blend) { paintBefore(into: canvas) }
        }
        func drawAfter(at offset: CGPoint, alpha: CGFloat = 1, blend: CGBlendMode = .normal) {
            draw(at: offset, alpha: alpha, blend: blend) { paintAfter(into: canvas) }
        }
        /// One picture as its own group, moved by `offset`, at `alpha` with `blend`.
        func draw(at offset: CGPoint, alpha: CGFloat, blend: CGBlendMode, _ body: () -> Void) {
            guard alpha > 0 else { return }
            canvas.saveGState()
            canvas.setAlpha(alpha)
            canvas.setBlendMode(blend)
            canvas.beginTransparencyLayer()
            canvas.translateBy(x: offset.x, y: offset.y)
            body()
            canvas.endTransparencyLayer()
            canvas.restoreGState()
        }

        canvas.saveGState()
        if presentation.values[index].masksToBounds {
            canvas.clip(to: presentation.withLayerState(at: index) { outline(of: index, state: $0) }.path)
        }
        canvas.beginTransparencyLayer()
        if let filter = transition.filter as? CIFilter,
           filter.inputKeys.contains(kCIInputTargetImageKey), filter.inputKeys.contains(kCIInputTimeKey),
           drawFiltered(filter, progress: p, bounds: bounds, on: canvas, before: paintBefore, after: paintAfter) {
            canvas.endTransparencyLayer()
            canvas.restoreGState()
            return
        }
        switch transition.type {
        case .moveIn:
            drawBefore(at: .zero)
            drawAfter(at: offset(1 - p))
        case .push:
            drawBefore(at: offset(-p))
            drawAfter(at: offset(1 - p))
        case .reveal:
            drawAfter(at: .zero)
            drawBefore(at: offset(-p))
        case .flip:
            drawFlip(subtype: transition.subtype, progress: p, bounds: bounds, on: canvas,
                     before: paintBefore, after: paintAfter)
        case .pageCurl, .pageUnCurl:
            drawCurl(up: transition.type == .pageCurl, progress: p, bounds: bounds, on: canvas,
                     before: paintBefore, after: paintAfter)
        default:
            drawBefore(at: .zero, alpha: 1 - p)
            drawAfter(at: .zero, alpha: p, blend: .plusLighter)
        }
        canvas.endTransparencyLayer()
        canvas.restoreGState()
    }

    /// A flip at progress `p`: the picture turned by p·π about the subtype's axis through
    /// the middle of the bounds, seen in perspective from twice the size across the axis —
    /// the old picture until it is edge-on, then the new one, on the back, turning flat.
    private func drawFlip(subtype: CATransitionSubtype?, progress p: CGFloat, bounds: CGRect, on canvas: FrameCanvas,
                          before: (FrameCanvas) -> Void, after: (FrameCanvas) -> Void) {
        let vertical = subtype == .fromTop || subtype == .fromBottom
        // The named edge comes toward the viewer (+z): positive turns about y bring the
        // left edge forward; negative turns about x bring the top edge (y < 0) forward.
        let sign: CGFloat = subtype == .fromRight || subtype == .fromTop ? -1 : 1
        let showsNew = p > 0.5
        let angle = sign * (showsNew ? p - 1 : p) * .pi
        let turn = vertical ? CATransform3DMakeRotation(angle, 1, 0, 0) : CATransform3DMakeRotation(angle, 0, 1, 0)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / (2 * max(vertical ? bounds.height : bounds.width, 1))
        let transform = CATransform3DMakeTranslation(-bounds.midX, -bounds.midY, 0)
            .concatenating(turn).concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(bounds.midX, bounds.midY, 0))
        guard let picture = canvas.picture(of: bounds, scale: canvas.pointScale, showsNew ? after : before) else { return }
        canvas.paint(.picture(picture, in: bounds, through: transform.planeTransform))
    }

    /// A page curl at progress `p` through `CIPageCurlTransition`: curling up, the old
    /// picture is lifted from its bottom edge and turned over a cylinder towards the top,
    /// the back of the page showing (the filter's angle points up, the way the page
    /// turns); uncurling, the new one turns back down from the top (the curl up of the new
    /// picture, run backwards). The cylinder's radius is a tenth of the shorter side.
    private func drawCurl(up: Bool, progress p: CGFloat, bounds: CGRect, on canvas: FrameCanvas,
                          before: (FrameCanvas) -> Void, after: (FrameCanvas) -> Void) {
        guard let curl = CIFilter(name: "CIPageCurlTransition") else { return }
        curl.setValue(Double.pi / 2, forKey: kCIInputAngleKey)
        curl.setValue(Double(min(bounds.width, bounds.height) * canvas.pointScale / 10), forKey: kCIInputRadiusKey)
        let drawn = up
            ? drawFiltered(curl, progress: p, bounds: bounds, on: canvas, before: before, after: after)
            : drawFiltered(curl, progress: 1 - p, bounds: bounds, on: canvas, before: after, after: before)
        if !drawn { (p < 0.5 ? before : after)(canvas) }
    }

    /// Both pictures rendered over `bounds` at the canvas scale, blended by a copy of
    /// `filter` at `progress`, drawn back over the bounds. False, having drawn nothing, when
    /// the filter makes no image (a required input missing: the type's blend is drawn then).
    private func drawFiltered(_ filter: CIFilter, progress: CGFloat, bounds: CGRect, on canvas: FrameCanvas,
                              before: (FrameCanvas) -> Void, after: (FrameCanvas) -> Void) -> Bool {
        let scale = canvas.pointScale
        guard let blend = CIFilter(name: filter.name),
              case let (old?, new?) = canvas.pictures(of: bounds, scale: scale, before, after) else { return false }
        let pixels = CGRect(x: 0, y: 0, width: old.width, height: old.height)
        for key in filter.inputKeys { blend.setValue(filter.value(forKey: key), forKey: key) }
        blend.fit(to: pixels)
        blend.setValue(CIImage(cgImage: old), forKey: kCIInputImageKey)
        blend.setValue(CIImage(cgImage: new), forKey: kCIInputTargetImageKey)
        blend.setValue(Double(progress), forKey: kCIInputTimeKey)
        let filterContext = CIContext()
        filterContext.maximumThreadCount = canvas.maximumThreadCount
        guard let output = blend.outputImage, let frame = filterContext.createCGImage(output, from: pixels) else { return false }
        canvas.paint(.picture(frame, in: bounds, through: nil))
        return true
    }
}
