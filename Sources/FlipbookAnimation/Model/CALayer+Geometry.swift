extension CALayer {
    /// The transform as an affine transform (its 2-D part).
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets the transform to an affine one.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The transform from this layer's bounds coordinates to its superlayer's: the anchor
    /// point moved to the origin, the layer's transform, the move to `position` and
    /// `zPosition`, then the superlayer's `sublayerTransform` about its own anchor point,
    /// and last, when the superlayer's geometry is flipped, the vertical flip of its
    /// bounds (sublayers placed from the bottom edge up).
    var transformToSuperlayer: CATransform3D {
        let parent = maskedLayer == nil ? timingParent : nil
        return state.transform(inParentSpace: parent.flatMap { $0.state.sublayerSpace(flipsGeometry: $0.isGeometryFlipped) })
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
        guard let back = transformToRoot.planeTransform.inverted else { return point }
        let root = toRoot.planeTransform.apply(point)
        return back.apply(root)
    }

    /// Converts `point` from this layer's coordinates to `layer`'s (the root's when nil).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        guard let layer else { return transformToRoot.planeTransform.apply(point) }
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
}
