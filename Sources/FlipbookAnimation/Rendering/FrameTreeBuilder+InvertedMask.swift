extension FrameTreeBuilder {
    /// The sublayers of `mask`, node `index`'s mask, that it keeps the layer outside of:
    /// a mask drawing nothing itself whose last sublayer is an opaque cover composited
    /// source-out (`sourceOutCompositing`) over the others, across all the layer can draw.
    /// Such a mask's alpha is one less the others' (a Lottie inverted track matte), so the
    /// layer is theirs composited destination-out: the same pixels without making the cover
    /// (often the size of the whole composition) or compositing it twice. The mask and the
    /// cover are flat in the layer's plane and facing it, at full opacity, with no mask,
    /// shadow, filter or transition of their own; nil for any other mask. `canvas`: where
    /// the layer is drawn, its user space the layer's bounds coordinates.
    func invertedSublayers(of mask: Int, in index: Int, on canvas: FrameCanvas) -> (sublayers: [Int], transform: CGAffineTransform)? {
        guard plainLayerDrawingNothing(mask), !presentation.values[mask].masksToBounds,
              let toLayer = Self.flatAffine(planeTransform(of: mask, in: index)),
              toLayer.a * toLayer.d - toLayer.b * toLayer.c > 0 else { return nil }
        let order = drawingOrder(of: mask)
        guard let cover = order.last, order.count > 1,
              renderTree.nodes[cover].layer.attributes.compositing == .sourceOut,
              sublayers[cover].isEmpty, masks[cover] == nil else { return nil }
        let covering = presentation.withLayerState(at: cover) { state in
            !state.pointee.isHidden && state.pointee.opacity >= 1 && (state.pointee.backgroundColor?.w ?? 0) >= 1
                && state.pointee.contents == nil && !state.pointee.showsBorder && !state.pointee.castsShadow
                ? outline(of: cover, state: state).path.axisAlignedRectangle : nil
        }
        guard let covered = covering, renderTree.transitions(ofLayerAt: cover, in: presentation).isEmpty,
              case .plain = renderTree.nodes[cover].layer.attributes.kind,
              !renderTree.nodes[cover].layer.attributes.masksToAlpha,
              let toMask = Self.flatAffine(planeTransform(of: cover, in: mask)) else { return nil }
        // The cover must hold every pixel of the layer's group (its extent and two pixels
        // around, rounded out to whole pixels) that the clip leaves: the device rectangle
        // of those, grown by a pixel, within the cover's quadrilateral on screen.
        let kept = (sublayers: Array(order.dropLast()), transform: toLayer)
        let drawn = subtreeExtent(index)
        let group = drawn.isNull ? .null : drawn.applying(canvas.ctm).insetBy(dx: -4, dy: -4).intersection(canvas.clipBoundingBox)
        guard !group.isNull else { return kept }
        func corners(of rect: CGRect) -> [CGPoint] {
            [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
             CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        }
        let toDevice = toMask.concatenating(toLayer).concatenating(canvas.ctm)
        let quad = corners(of: covered).map { $0.applying(toDevice) }
        // Inside a convex quadrilateral: on the same side of each of its edges.
        let sides = (0..<4).flatMap { i in
            let a = quad[i], b = quad[(i + 1) % 4]
            return corners(of: group).map { (b.x - a.x) * ($0.y - a.y) - (b.y - a.y) * ($0.x - a.x) }
        }
        return sides.allSatisfy({ $0 > 0 }) || sides.allSatisfy({ $0 < 0 }) ? kept : nil
    }

    /// Whether node `index` is a plain layer drawing nothing of its own at full opacity: no
    /// background, border, contents, shadow, mask, filter or transition.
    private func plainLayerDrawingNothing(_ index: Int) -> Bool {
        let attributes = renderTree.nodes[index].layer.attributes
        guard case .plain = attributes.kind, masks[index] == nil, !attributes.filtersRendering else { return false }
        let drawsNothing = presentation.withLayerState(at: index) { state in
            !state.pointee.isHidden && state.pointee.opacity >= 1 && !state.pointee.showsBackground
                && !state.pointee.showsBorder && state.pointee.contents == nil && !state.pointee.castsShadow
        }
        return drawsNothing && renderTree.transitions(ofLayerAt: index, in: presentation).isEmpty
    }
}
