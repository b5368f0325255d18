import Foundation

extension FrameTreeBuilder {
    /// Each node's reach and its map into its parent's plane, worked out once per builder
    /// (a builder draws one frame).
    final class Reaches {
        /// nil: not worked out yet; .some(nil): not known.
        @exclusivity(unchecked) var known: [CGRect??]
        /// Each sublayer's map into its parent's plane, once worked out.
        @exclusivity(unchecked) var planes: [ProjectiveTransform?]

        init(count: Int) {
            known = Array(repeating: nil, count: count)
            planes = Array(repeating: nil, count: count)
        }
    }

    /// Where node `index` and its subtree can change pixels, in its bounds coordinates, its
    /// own shadow included; nil when that is not known. A band of the frame that the reach
    /// does not meet skips the layer's whole bracket.
    ///
    /// It is the union of what each part can touch: the bounds when the layer paints them
    /// (a background, a border, a gradient), a shape's path with its stroke's miter reach,
    /// the contents where gravity places them, and each sublayer's reach through its map
    /// (every replicator instance); grown by the shadow (its path too, for a `shadowPath`).
    /// With `masksToBounds` it lies within the bounds, since the outline clips everything,
    /// the shadow included. Unknown: text and emitters (they may draw past their bounds),
    /// running transitions, 3-D space shared with `CATransformLayer`, replicators whose
    /// instances are delayed in time (each instance then has a geometry of its own), and a
    /// rendering composited in a mode that changes what lies under its transparent pixels.
    func reach(of index: Int) -> CGRect? {
        if let known = reaches.known[index] { return known }
        let reach = computeReach(of: index)
        reaches.known[index] = reach
        return reach
    }

    private func computeReach(of index: Int) -> CGRect? {
        // Read in place: a whole LayerState is large.
        presentation.withLayerState(at: index) { state in
            let reach = unclippedReach(of: index, state: state)
            guard state.pointee.masksToBounds else { return reach }
            return reach.map { $0.intersection(state.pointee.bounds) } ?? state.pointee.bounds
        }
    }

    /// `reach(of:)` before `masksToBounds` clips it.
    private func unclippedReach(of index: Int, state: UnsafePointer<LayerState>) -> CGRect? {
        let bounds = state.pointee.bounds
        let layer = renderTree.nodes[index].layer
        guard renderTree.transitions(ofLayerAt: index, in: presentation).isEmpty else { return nil }
        // A rendering composited in a mode that changes what lies under its transparent
        // pixels (source in or out, copy) reaches its whole group, not only what it draws.
        if let mode = layer.attributes.compositing, !mode.transparentSourceKeepsDestination { return nil }
        // The bounds, where the layer paints them; a layer that paints neither background
        // nor border reaches only as far as what it draws and its sublayers do.
        var extent = state.pointee.showsBackground || state.pointee.showsBorder ? bounds : .null
        switch layer.attributes.kind {
        case .plain:
            break
        case .gradient:
            extent = bounds
        case .shape:
            if let path = state.pointee.path, !path.isEmpty {
                let stroke = state.pointee.strokeColor == nil ? 0
                    : CGFloat(state.pointee.lineWidth / 2 * max(state.pointee.miterLimit, 1))
                extent = extent.union(path.boundingBoxOfPath.insetBy(dx: -stroke - 1, dy: -stroke - 1))
            }
        case .replicator:
            guard state.pointee.instanceDelay == 0 else { return nil }
        case .text, .emitter, .transformLayer:
            return nil
        }
        if let image = state.pointee.contents as? CGImage {
            // Where the contents draw: clipped to their placement by gravity.
            let drawing = LayerContentsDrawing(state: state.pointee, attributes: layer.attributes)
            if let natural = drawing.naturalSize(of: image) { extent = extent.union(drawing.placement(of: natural, in: bounds.standardized)) }
        }
        let instances = replicatorInstanceTransforms(of: index)
        for child in sublayers[index] {
            guard isShown(child) else { continue }
            guard !sharesSpace(child), let childReach = reach(of: child) else { return nil }
            if let instances {
                for instanceTransform in instances {
                    extent = extent.union(Self.bounds(of: childReach, through: planeTransform(of: child, in: index, instanceTransform: instanceTransform)))
                }
            } else {
                extent = extent.union(Self.bounds(of: childReach, through: parentPlane(of: child, in: index)))
            }
        }
        guard state.pointee.castsShadow else { return extent }
        if let path = state.pointee.shadowPath, !path.isEmpty { extent = extent.union(path.boundingBoxOfPath) }
        let offset = state.pointee.shadowOffset
        let shadow = 3 * CGFloat(state.pointee.shadowRadius) + 1 + max(abs(offset.width), abs(offset.height))
        return extent.insetBy(dx: -shadow, dy: -shadow)
    }

    /// `planeTransform(of:in:)`, worked out once per frame for a sublayer (the reach and
    /// the drawing both need it); a mask's, the root's and those of the instance
    /// replicator's sublayers (which take the instance's transform too) each time.
    func parentPlane(of index: Int, in parent: Int?) -> ProjectiveTransform {
        guard let parent, !renderTree.nodes[index].isMask, instance?.replicator != parent else {
            return planeTransform(of: index, in: parent)
        }
        if let known = reaches.planes[index] { return known }
        let plane = planeTransform(of: index, in: parent)
        reaches.planes[index] = plane
        return plane
    }

    /// The bounds of `rect` mapped through `map`: straight for an affine map, else the
    /// part of it in front of the eye.
    private static func bounds(of rect: CGRect, through map: ProjectiveTransform) -> CGRect {
        if let affine = flatAffine(map) { return rect.applying(affine) }
        return bounds(of: map.visiblePolygon(of: rect))
    }
}
