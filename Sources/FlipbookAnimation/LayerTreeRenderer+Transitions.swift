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

        func drawBefore(at offset: CGPoint, alpha: CGFloat = 1, blend: CGBlendMode = .normal) {
            guard let before = transition.before, !before.nodes.isEmpty else { return }
            let beforeFrame = before.evaluate(at: transition.beforeTime)
            let renderer = LayerTreeRenderer(snapshot: before, frame: beforeFrame)
            draw(at: offset, alpha: alpha, blend: blend) {
                renderer.drawContent(0, state: beforeFrame.values[0], attributes: before.nodes[0].layer.attributes,
                                     in: context, mirrored: mirrored, alpha: 1)
            }
        }
        func drawAfter(at offset: CGPoint, alpha: CGFloat = 1, blend: CGBlendMode = .normal) {
            draw(at: offset, alpha: alpha, blend: blend) {
                drawContent(index, state: state, attributes: snapshot.nodes[index].layer.attributes,
                            in: context, mirrored: mirrored, alpha: 1)
            }
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
}
