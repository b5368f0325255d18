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

extension UnsafePointer<LayerState> {
    /// The layer's `placement` as a map of planes (`CATransform3D.planeTransform`) when its
    /// transform keeps to the plane (no depth, no perspective: an affine map of x and y),
    /// worked out in place without the 4×4 products; nil otherwise. Depth (`anchorPointZ`,
    /// `zPosition`) then moves nothing in the plane.
    var flatPlacement: ProjectiveTransform? {
        let t = UnsafeRawPointer(self).advanced(by: MemoryLayout<LayerState>.offset(of: \.transform)!).assumingMemoryBound(to: CATransform3D.self)
        guard t.pointee.m13 == 0, t.pointee.m14 == 0, t.pointee.m23 == 0, t.pointee.m24 == 0, t.pointee.m31 == 0, t.pointee.m32 == 0,
              t.pointee.m34 == 0, t.pointee.m44 == 1 else { return nil }
        let anchor = pointee.anchorInBounds, position = pointee.position
        let (m11, m12, m21, m22) = (t.pointee.m11, t.pointee.m12, t.pointee.m21, t.pointee.m22)
        return ProjectiveTransform(m11: Double(m11), m12: Double(m12), m13: 0, m21: Double(m21), m22: Double(m22), m23: 0,
                                   m31: Double(-anchor.x * m11 + -anchor.y * m21 + t.pointee.m41 + position.x),
                                   m32: Double(-anchor.x * m12 + -anchor.y * m22 + t.pointee.m42 + position.y), m33: 1)
    }

    /// Whether the layer adds nothing to its sublayers' placements (its `sublayerSpace` is
    /// nil), asked in place.
    func keepsSublayerSpace(flipsGeometry: Bool) -> Bool {
        guard !flipsGeometry else { return false }
        let t = UnsafeRawPointer(self).advanced(by: MemoryLayout<LayerState>.offset(of: \.sublayerTransform)!).assumingMemoryBound(to: CATransform3D.self)
        return t.pointee.m11 == 1 && t.pointee.m12 == 0 && t.pointee.m13 == 0 && t.pointee.m14 == 0
            && t.pointee.m21 == 0 && t.pointee.m22 == 1 && t.pointee.m23 == 0 && t.pointee.m24 == 0
            && t.pointee.m31 == 0 && t.pointee.m32 == 0 && t.pointee.m33 == 1 && t.pointee.m34 == 0
            && t.pointee.m41 == 0 && t.pointee.m42 == 0 && t.pointee.m43 == 0 && t.pointee.m44 == 1
    }
}
