extension CALayer {
    /// The transform from this layer's bounds coordinates to its superlayer's: the anchor
    /// point moved to the origin, the layer's transform, the move to `position` and
    /// `zPosition`, then the superlayer's `sublayerTransform` about its own anchor point,
    /// and last, when the superlayer's geometry is flipped, the vertical flip of its
    /// bounds (sublayers placed from the bottom edge up).
    var transformToSuperlayer: CATransform3D {
        let size = bounds.size
        var m = CATransform3DMakeTranslation(-bounds.minX - anchorPoint.x * size.width,
                                             -bounds.minY - anchorPoint.y * size.height, -anchorPointZ)
        m = m.concatenating(transform).concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let parent = timingParent, maskedLayer == nil {
            let pivot = CGPoint(x: parent.bounds.minX + parent.anchorPoint.x * parent.bounds.width,
                                y: parent.bounds.minY + parent.anchorPoint.y * parent.bounds.height)
            m = m.concatenating(CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0))
                .concatenating(parent.sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
            if parent.isGeometryFlipped {
                m = m.concatenating(CATransform3DMakeScale(1, -1, 1))
                    .concatenating(CATransform3DMakeTranslation(0, parent.bounds.minY + parent.bounds.maxY, 0))
            }
        }
        return m
    }

    /// Whether the layer's contents are drawn flipped to stay upright: true when an odd
    /// number of its ancestors flip their geometry, as the renderer then compensates.
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer = timingParent
        while let current = layer {
            if current.isGeometryFlipped { flipped.toggle() }
            layer = current.timingParent
        }
        return flipped
    }

    /// The transform from this layer's coordinates to the root of its tree.
    private var transformToRoot: CATransform3D {
        var m = CATransform3DIdentity
        var layer: CALayer? = self
        while let current = layer, current.timingParent != nil {
            m = m.concatenating(current.transformToSuperlayer)
            layer = current.timingParent
        }
        return m
    }

    /// Converts `point` from `layer`'s coordinates (the root's when nil) to this layer's,
    /// through 3-D transforms: points are taken in each layer's z = 0 plane.
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        let toRoot = layer?.transformToRoot ?? CATransform3DIdentity
        guard let back = Self.planeHomography(transformToRoot).inverse else { return point }
        let root = Self.planeHomography(toRoot).apply(point)
        return back.apply(root)
    }

    /// Converts `point` from this layer's coordinates to `layer`'s (the root's when nil).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        guard let layer else { return Self.planeHomography(transformToRoot).apply(point) }
        return layer.convert(point, from: self)
    }

    /// Converts a rectangle: the bounding box of its converted corners.
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        boundingBox(of: rect) { convert($0, from: layer) }
    }

    /// Converts a rectangle to `layer`'s coordinates: the bounding box of its corners.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        boundingBox(of: rect) { convert($0, to: layer) }
    }

    private func boundingBox(of rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Converts `time` from `layer`'s local time (global media time when nil) to this
    /// layer's local time.
    public func convertTime(_ time: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let global = layer.map { $0.globalTime(fromLocal: time) ?? time } ?? time
        return localTime(fromGlobal: global, committedOnly: false)
    }

    /// Converts `time` from this layer's local time to `layer`'s (global when nil).
    public func convertTime(_ time: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let global = globalTime(fromLocal: time) ?? time
        return layer?.localTime(fromGlobal: global, committedOnly: false) ?? global
    }

    /// The 3×3 map of a transform on the z = 0 plane.
    static func planeHomography(_ m: CATransform3D) -> Homography {
        Homography(m: [m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44].map(Double.init))
    }
}

/// A projective map of the plane, row-vector convention: (x, y, 1) · M.
struct Homography {
    var m: [Double]

    func apply(_ p: CGPoint) -> CGPoint {
        let x = Double(p.x), y = Double(p.y)
        let w = x * m[2] + y * m[5] + m[8]
        guard w != 0 else { return p }
        return CGPoint(x: (x * m[0] + y * m[3] + m[6]) / w, y: (x * m[1] + y * m[4] + m[7]) / w)
    }

    var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard det != 0, det.isFinite else { return nil }
        return Homography(m: [(e * i - f * h), -(b * i - c * h), (b * f - c * e),
                              -(d * i - f * g), (a * i - c * g), -(a * f - c * d),
                              (d * h - e * g), -(a * h - b * g), (a * e - b * d)].map { $0 / det })
    }
}
