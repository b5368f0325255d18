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
        // Fields are read from the presentation in place: a whole LayerState is large.
        let bounds = presentation.values[index].bounds
        if presentation.values[index].masksToBounds { return bounds }
        let layer = renderTree.nodes[index].layer
        guard renderTree.transitions(ofLayerAt: index, in: presentation).isEmpty else { return nil }
        var extent = bounds
        switch layer.attributes.kind {
        case .plain, .gradient:
            break
        case .shape:
            if let path = presentation.values[index].path, !path.isEmpty {
                let stroke = presentation.values[index].strokeColor == nil ? 0
                    : CGFloat(presentation.values[index].lineWidth / 2 * max(presentation.values[index].miterLimit, 1))
                extent = extent.union(path.boundingBoxOfPath.insetBy(dx: -stroke - 1, dy: -stroke - 1))
            }
        case .replicator:
            guard presentation.values[index].instanceDelay == 0 else { return nil }
        case .text, .emitter, .transformLayer:
            return nil
        }
        if let image = presentation.values[index].contents as? CGImage {
            // Where the contents draw: clipped to their placement by gravity.
            let drawing = LayerContentsDrawing(state: presentation.values[index], attributes: layer.attributes)
            if let natural = drawing.naturalSize(of: image) { extent = extent.union(drawing.placement(of: natural, in: bounds.standardized)) }
        }
        let instances = replicatorInstanceTransforms(of: index)
        for child in sublayers[index] {
            guard !sharesSpace(child), let childReach = reach(of: child) else { return nil }
            if let instances {
                for instanceTransform in instances {
                    extent = extent.union(Self.bounds(of: childReach, through: planeTransform(of: child, in: index, instanceTransform: instanceTransform)))
                }
            } else {
                extent = extent.union(Self.bounds(of: childReach, through: parentPlane(of: child, in: index)))
            }
        }
        let shadowOpacity = presentation.values[index].shadowOpacity
        guard shadowOpacity > 0, presentation.values[index].shadowColor != nil else { return extent }
        if let path = presentation.values[index].shadowPath, !path.isEmpty { extent = extent.union(path.boundingBoxOfPath) }
        let offset = presentation.values[index].shadowOffset
        let shadow = 3 * CGFloat(presentation.values[index].shadowRadius) + 1 + max(abs(offset.width), abs(offset.height))
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
