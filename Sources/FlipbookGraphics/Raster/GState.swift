/// A shadow as set by `setShadow(offset:blur:color:)`, in device space.
struct Shadow {
    var offset: CGSize
    var blur: CGFloat
    var color: PremultipliedColor
}

/// The graphics state `saveGState`/`restoreGState` save and restore.
struct GState {
    var ctm = CGAffineTransform.identity
    var fillColor = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
    var strokeColor = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
    var alpha: CGFloat = 1
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
    var blendMode = CGBlendMode.normal
    var clip: ClipMask
    /// Rectangles the clip is intersected with whose masks are not made yet, in the order
    /// they were clipped to (`CGContext.clip(over:)` makes them when a draw needs them).
    var deferredClips: [DeferredClip] = []
    var shadow: Shadow?
    var interpolationQuality = CGInterpolationQuality.default
    var shouldAntialias = true
    /// Where gradients paint within the clip: a device-space path filled under a rule
    /// (`CGContext.limitGradients(using:)`); nil: all of the clip.
    var gradientArea: (path: CGPath, rule: CGPathFillRule)?

    init(bounds: IntRect) { clip = ClipMask(bounds: bounds) }
}
