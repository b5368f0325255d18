extension LayerState {
    /// The anchor point in the layer's bounds coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The transform from this layer's bounds coordinates to its parent's: its `placement`,
    /// then `parentSpace`, the parent's `sublayerSpace` (nil for a root layer or a mask: a
    /// mask lives in its layer's bounds coordinates, untouched by the sublayer transform).
    func transform(inParentSpace parentSpace: CATransform3D?) -> CATransform3D {
        parentSpace.map { placement.concatenating($0) } ?? placement
    }

    /// The layer's own placement in its parent: the anchor point moved to the origin, the
    /// layer's transform, the move to `position` and `zPosition`.
    var placement: CATransform3D {
        let anchor = anchorInBounds
        return CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
            .concatenating(transform).concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// What this layer adds to its sublayers' placements: its `sublayerTransform` about its
    /// anchor point and, when `flipsGeometry`, the vertical flip of its bounds (sublayers
    /// placed from the bottom edge up); nil when that is nothing.
    func sublayerSpace(flipsGeometry: Bool) -> CATransform3D? {
        var space: CATransform3D?
        if sublayerTransform != CATransform3DIdentity {
            let pivot = anchorInBounds
            space = CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0).concatenating(sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
        }
        if flipsGeometry {
            let flip = CATransform3DMakeScale(1, -1, 1).concatenating(CATransform3DMakeTranslation(0, bounds.minY + bounds.maxY, 0))
            space = space.map { $0.concatenating(flip) } ?? flip
        }
        return space
    }
}
