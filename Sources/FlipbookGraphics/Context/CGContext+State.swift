extension CGContext {
    /// Pushes a copy of the graphics state (CTM, colours, line attributes, clip, shadow,
    /// alpha, blend mode, interpolation and antialiasing).
    public func saveGState() { savedStates.append(state) }

    /// Pops the graphics state saved last; does nothing when none is saved.
    public func restoreGState() {
        if let saved = savedStates.popLast() { state = saved }
    }

    /// The current transformation matrix, user space → device pixels.
    public var ctm: CGAffineTransform { state.ctm }

    /// The user-space to device-space transform (the CTM).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves the origin of user space.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) { concatenate(CGAffineTransform(translationX: tx, y: ty)) }

    /// Scales user space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { concatenate(CGAffineTransform(scaleX: sx, y: sy)) }

    /// Rotates user space by `angle` radians (clockwise on screen for positive angles).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// Prepends `transform` to the CTM: user coordinates go through `transform` first.
    /// A transform with non-finite entries is ignored.
    public func concatenate(_ transform: CGAffineTransform) {
        let m = transform
        guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else { return }
        state.ctm = transform.concatenating(state.ctm)
    }

    /// Maps a point from user space to device pixels.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// Maps a point from device pixels to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// Maps a rect from user space to device pixels (its bounding box).
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// Maps a rect from device pixels to user space (its bounding box).
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { state.fillColor = color.premultipliedRGBA8 }
    /// Sets the fill colour from sRGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the fill colour to a gray.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }

    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color.premultipliedRGBA8 }
    /// Sets the stroke colour from sRGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the stroke colour to a gray.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }

    /// Sets the global alpha multiplied into everything drawn, clamped to 0…1.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 1 : alpha.clamped01 }

    /// Sets the line width in user units. Zero draws the thinnest line the device can show
    /// (one pixel), as Apple does; negative or non-finite widths are ignored.
    public func setLineWidth(_ width: CGFloat) {
        guard width >= 0, width.isFinite else { return }
        state.lineWidth = width
    }
    /// Sets the line cap.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// Sets the line join.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// Sets the miter limit (the longest miter allowed, in line widths).
    public func setMiterLimit(_ limit: CGFloat) { if !limit.isNaN { state.miterLimit = limit } }
    /// Sets the dash pattern. An empty, negative or zero-sum pattern strokes solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dashPhase = phase
        state.dashLengths = lengths
    }

    /// Sets how drawn colour combines with the context's pixels.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// The sampling used when images are drawn.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Turns anti-aliasing on or off in the graphics state.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }
    /// Allows or forbids anti-aliasing for the whole context (not part of the graphics state).
    public func setAllowsAntialiasing(_ allows: Bool) { allowsAntialiasing = allows }

    /// Flipbook flattens every curve to within 1/16 device pixel, finer than the flatness
    /// values apps pass here (UIKit's default is 0.6); the call is accepted and ignored.
    public func setFlatness(_ flatness: CGFloat) {}
}
