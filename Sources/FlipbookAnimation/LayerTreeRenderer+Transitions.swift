import FlipbookFilters

extension LayerTreeRenderer {
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
    ///
    /// The subtype names where the motion begins: `fromLeft` (also when nil, as Apple's
    /// documentation shows for push), `fromRight`, `fromTop` (the minimum y, the top on
    /// screen), `fromBottom`. The two pictures are composited as one group at the layer's
    /// opacity; with `masksToBounds` both are clipped to the layer's outline, otherwise
    /// moving pictures show outside it.
    ///
    /// With a Core Image transition `filter` (one with a target image and a time) that makes
    /// an image, the type is unused: both pictures are rendered over the layer's bounds at the context's scale
    /// and the filter blends them — a copy of it, with `inputImage` the old picture,
    /// `inputTargetImage` the new, `inputTime` the progress, and a centre or extent left
    /// at its default set to the bounds' middle or the whole bounds.
    func drawTransition(_ transition: LayerTransition, of index: Int, in context: CGContext, mirrored: Bool) {
        let state = frame.values[index]
        let p = CGFloat(min(max(transition.progress, 0), 1))
        let size = state.bounds.size
        let side: CGPoint = switch transition.subtype {
        case .some(.fromRight): CGPoint(x: size.width, y: 0)
        case .some(.fromTop): CGPoint(x: 0, y: -size.height)
        case .some(.fromBottom): CGPoint(x: 0, y: size.height)
        default: CGPoint(x: -size.width, y: 0)
        }
        func offset(_ fraction: CGFloat) -> CGPoint { CGPoint(x: side.x * fraction, y: side.y * fraction) }

        func paintBefore(into target: CGContext) {
            guard let before = transition.before, !before.nodes.isEmpty else { return }
            let beforeFrame = before.evaluate(at: transition.beforeTime)
            let renderer = LayerTreeRenderer(snapshot: before, frame: beforeFrame)
            renderer.drawContent(0, state: beforeFrame.values[0], attributes: before.nodes[0].layer.attributes,
                                 in: target, mirrored: mirrored, alpha: 1)
        }
        func paintAfter(into target: CGContext) {
            drawContent(index, state: state, attributes: snapshot.nodes[index].layer.attributes, in: target, mirrored: mirrored, alpha: 1)
        }
        func drawBefore(at offset: CGPoint, alpha: CGFloat = 1, blend: CGBlendMode = .normal) {
            draw(at: offset, alpha: alpha, blend: blend) { paintBefore(into: context) }
        }
        func drawAfter(at offset: CGPoint, alpha: CGFloat = 1, blend: CGBlendMode = .normal) {
            draw(at: offset, alpha: alpha, blend: blend) { paintAfter(into: context) }
        }
        /// One picture as its own group, moved by `offset`, at `alpha` with `blend`.
        func draw(at offset: CGPoint, alpha: CGFloat, blend: CGBlendMode, _ body: () -> Void) {
            guard alpha > 0 else { return }
            context.saveGState()
            context.setAlpha(alpha)
            context.setBlendMode(blend)
            context.beginTransparencyLayer(auxiliaryInfo: nil)
            context.translateBy(x: offset.x, y: offset.y)
            body()
            context.endTransparencyLayer()
            context.restoreGState()
        }

        context.saveGState()
        if state.masksToBounds {
            context.addPath(LayerOutline(state, snapshot.nodes[index].layer.attributes).path)
            context.clip()
        }
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        if let filter = transition.filter as? CIFilter,
           filter.inputKeys.contains(kCIInputTargetImageKey), filter.inputKeys.contains(kCIInputTimeKey),
           drawFiltered(filter, progress: p, bounds: state.bounds, in: context, before: paintBefore, after: paintAfter) {
            context.endTransparencyLayer()
            context.restoreGState()
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
        default:
            drawBefore(at: .zero, alpha: 1 - p)
            drawAfter(at: .zero, alpha: p, blend: .plusLighter)
        }
        context.endTransparencyLayer()
        context.restoreGState()
    }

    /// Both pictures rendered over `bounds` at the context's scale, blended by a copy of
    /// `filter` at `progress`, drawn back over the bounds. False, having drawn nothing, when
    /// the filter makes no image (a required input missing: the type's blend is drawn then).
    private func drawFiltered(_ filter: CIFilter, progress: CGFloat, bounds: CGRect, in context: CGContext,
                              before: (CGContext) -> Void, after: (CGContext) -> Void) -> Bool {
        let scale = context.pointScale
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0, width * height <= 16_777_216, let blend = CIFilter(name: filter.name) else { return false }
        func picture(_ paint: (CGContext) -> Void) -> CIImage? {
            guard let plane = try? CGContext(width: width, height: height) else { return nil }
            plane.maximumThreadCount = context.maximumThreadCount
            plane.scaleBy(x: scale, y: scale)
            plane.translateBy(x: -bounds.minX, y: -bounds.minY)
            paint(plane)
            return plane.makeImage().map { CIImage(cgImage: $0) }
        }
        guard let old = picture(before), let new = picture(after) else { return false }
        let pixels = CGRect(x: 0, y: 0, width: width, height: height)
        for key in filter.inputKeys { blend.setValue(filter.value(forKey: key), forKey: key) }
        blend.fit(to: pixels)
        blend.setValue(old, forKey: kCIInputImageKey)
        blend.setValue(new, forKey: kCIInputTargetImageKey)
        blend.setValue(Double(progress), forKey: kCIInputTimeKey)
        let renderer = CIContext()
        renderer.maximumThreadCount = context.maximumThreadCount
        guard let output = blend.outputImage, let frame = renderer.createCGImage(output, from: pixels) else { return false }
        context.draw(frame, in: bounds)
        return true
    }
}
