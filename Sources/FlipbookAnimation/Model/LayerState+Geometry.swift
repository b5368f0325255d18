extension LayerState {
    /// The anchor point in the layer's bounds coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The transform from this layer's bounds coordinates to its parent's: the anchor point
    /// moved to the origin, the layer's transform, the move to `position` and `zPosition`,
    /// then the parent's `sublayerTransform` about its own anchor point and, when
    /// `parentFlipsGeometry`, the vertical flip of the parent's bounds (sublayers placed
    /// from the bottom edge up). `parent` is nil for a root layer or a mask (a mask lives
    /// in its layer's bounds coordinates, untouched by the sublayer transform).
    func transform(toParent parent: LayerState?, parentFlipsGeometry: Bool) -> CATransform3D {
        let anchor = anchorInBounds
        var m = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
        m = m.concatenating(transform).concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
        guard let parent else { return m }
        if parent.sublayerTransform != CATransform3DIdentity {
            let pivot = parent.anchorInBounds
            m = m.concatenating(CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0))
                .concatenating(parent.sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
        }
        if parentFlipsGeometry {
            m = m.concatenating(CATransform3DMakeScale(1, -1, 1))
                .concatenating(CATransform3DMakeTranslation(0, parent.bounds.minY + parent.bounds.maxY, 0))
        }
        return m
    }
}
