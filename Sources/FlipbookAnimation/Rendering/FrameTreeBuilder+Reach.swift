import Foundation

extension FrameTreeBuilder {
    /// Each node's reach, worked out once per builder (a builder draws one frame).
    final class Reaches {
        var known: [Int: CGRect?] = [:]
    }

    /// Where node `index` and its subtree can change pixels, in its bounds coordinates, its
    /// own shadow included; nil when that is not known. A band of the frame that the reach
    /// does not meet skips the layer's whole bracket.
    ///
    /// It is the union of what each part can touch: the bounds (background, border, a
    /// gradient), a shape's path with its stroke's miter reach, the contents where gravity
    /// places them, and each sublayer's reach through its map (every replicator instance);
    /// grown by the shadow (its path too, for a `shadowPath`). With `masksToBounds` it is
    /// the bounds, since the outline clips everything, the shadow included. Unknown: text
    /// and emitters (they may draw past their bounds), running transitions, 3-D space
    /// shared with `CATransformLayer`, and replicators whose instances are delayed in time
    /// (each instance then has a geometry of its own).
    func reach(of index: Int) -> CGRect? {
        if let known = reaches.known[index] { return known }
        let reach = computeReach(of: index)
        reaches.known[index] = reach
        return reach
    }

    private func computeReach(of index: Int) -> CGRect? {
        let state = presentation.values[index]
        let attributes = renderTree.nodes[index].layer.attributes
        if state.masksToBounds { return state.bounds }
        guard renderTree.transitions(ofLayerAt: index, in: presentation).isEmpty else { return nil }
        var extent = state.bounds
        switch attributes.kind {
        case .plain, .gradient:
            break
        case .shape:
            if let path = state.path, !path.isEmpty {
                let stroke = state.strokeColor == nil ? 0 : CGFloat(state.lineWidth / 2 * max(state.miterLimit, 1))
                extent = extent.union(path.boundingBoxOfPath.insetBy(dx: -stroke - 1, dy: -stroke - 1))
            }
        case .replicator:
            guard state.instanceDelay == 0 else { return nil }
        case .text, .emitter, .transformLayer:
            return nil
        }
        if let image = state.contents as? CGImage {
            let crop = state.contentsRect.standardized
            let scale = state.contentsScale > 0 && state.contentsScale.isFinite ? CGFloat(state.contentsScale) : 1
            let natural = CGSize(width: CGFloat(image.width) * crop.width / scale, height: CGFloat(image.height) * crop.height / scale)
            let drawing = LayerContentsDrawing(state: state, attributes: attributes)
            extent = extent.union(drawing.placement(of: natural, in: state.bounds.standardized))
        }
        let instances: [CATransform3D?] = replicatorInstanceTransforms(of: index) ?? [nil]
        for child in sublayers[index] {
            guard !sharesSpace(child), let childReach = reach(of: child) else { return nil }
            for instanceTransform in instances {
                let map = planeTransform(of: child, in: index, instanceTransform: instanceTransform)
                for corner in map.visiblePolygon(of: childReach) { extent = extent.union(CGRect(origin: corner, size: .zero)) }
            }
        }
        guard state.shadowOpacity > 0, state.shadowColor != nil else { return extent }
        if let path = state.shadowPath, !path.isEmpty { extent = extent.union(path.boundingBoxOfPath) }
        let shadow = 3 * CGFloat(state.shadowRadius) + 1 + max(abs(state.shadowOffset.width), abs(state.shadowOffset.height))
        return extent.insetBy(dx: -shadow, dy: -shadow)
    }
}
