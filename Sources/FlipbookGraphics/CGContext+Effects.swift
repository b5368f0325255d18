/// An open transparency layer: its pixels and the state it will be composited with.
struct TransparencyLayer {
    let buffer: PixelBuffer
    let outerState: GState
}

extension CGContext {
    /// Turns on a shadow for everything drawn next, in `color`. `offset` is in device pixels
    /// (not affected by the CTM; positive height is downwards, as on iOS) and `blur` is the
    /// blur amount, a Gaussian with σ = blur / 2. A nil or fully transparent colour turns
    /// the shadow off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil
            return
        }
        state.shadow = Shadow(offset: offset, blur: max(blur, 0), color: color.premultipliedRGBA8)
    }

    /// Turns on a shadow in black at one-third alpha, Apple's default shadow colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// Starts a transparency layer: until the matching `endTransparencyLayer()`, drawing goes
    /// into a fresh transparent bitmap with alpha 1, normal blending and no shadow; at the
    /// end the layer is composited as one image with the alpha, blend mode, shadow and clip
    /// that were current here.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        let layer = TransparencyLayer(buffer: PixelBuffer(width: width, height: height), outerState: state)
        layers.append(layer)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Starts a transparency layer limited to `rect`; Flipbook sizes it to the context and
    /// clips drawing to `rect`.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Ends the innermost transparency layer and composites it. Unbalanced calls are ignored.
    public func endTransparencyLayer() {
        guard let layer = layers.popLast() else { return }
        state = layer.outerState
        render(.rect(layer.buffer.bounds), paint: .shader(BufferShader(buffer: layer.buffer)))
    }
}
