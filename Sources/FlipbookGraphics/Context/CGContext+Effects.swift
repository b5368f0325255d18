/// An open transparency layer: its pixels and the state it will be composited with.
struct TransparencyLayer {
    let buffer: PixelBuffer
    let outerState: GState
    /// The pixels drawn so far: all that is composited at the end.
    var drawn = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
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
    /// that were current here. The bitmap covers only the current clip's bounds, since
    /// nothing drawn outside them could show.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        beginLayer(covering: clipBounds.intersection(layerBounds))
    }

    /// Starts a transparency layer limited to `rect` (in user space): drawing is clipped to
    /// it and the bitmap covers only its device bounds.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        beginTransparencyLayer(bounding: rect)
        clip(to: rect)
    }

    /// Begins a transparency layer of at most the device pixels `rect` touches, for a
    /// drawing known to stay inside `rect`: unlike `beginTransparencyLayer(in:auxiliaryInfo:)`
    /// it does not clip to `rect` itself, so a bound off the pixel grid costs no coverage mask.
    package func beginTransparencyLayer(bounding rect: CGRect) {
        let device = IntRect(covering: rect.applying(ctm))
        beginLayer(covering: device.intersection(clipBounds).intersection(layerBounds))
    }

    /// Where a new transparency layer's pixels can show: grown by the shadow's reach, as
    /// content beyond the writable pixels can cast a shadow onto them.
    private var layerBounds: IntRect { writableBounds(reach: state.shadow.map(Self.reach) ?? 0) }

    private func beginLayer(covering bounds: IntRect) {
        // Without memory for the layer, what is drawn in it is lost, and said so.
        let buffer: PixelBuffer
        do { buffer = try layerMemory.buffer(covering: bounds) } catch {
            GraphicsDiagnostics.report("a transparency layer of \(bounds.width)×\(bounds.height) pixels: \(error); what is drawn in it is not shown")
            buffer = .empty
        }
        layers.append(TransparencyLayer(buffer: buffer, outerState: state))
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Turns what the innermost transparency layer holds into a luminance mask, as Core
    /// Image's `CIMaskToAlpha` does: each pixel becomes white with an alpha of its colour's
    /// luminance (0.2125 R + 0.7154 G + 0.0721 B, SVG's `luminanceToAlpha` weights) taken
    /// over the premultiplied sRGB values, so transparent pixels stay transparent. Without
    /// a transparency layer it does nothing.
    package func convertLayerLuminanceToAlpha() {
        guard let layer = layers.last else { return }
        let region = layer.drawn.intersection(layer.buffer.bounds)
        guard !region.isEmpty else { return }
        for y in region.y0..<region.y1 {
            let row = layer.buffer.row(y)
            for x in region.x0..<region.x1 {
                let p = row[x]
                // Weights in 256ths (54 + 183 + 19), so white stays 255.
                let luminance = ((p & 0xFF) &* 54 &+ ((p >> 8) & 0xFF) &* 183 &+ ((p >> 16) & 0xFF) &* 19 &+ 128) >> 8
                row[x] = luminance &* 0x0101_0101
            }
        }
    }

    /// Ends the innermost transparency layer and composites it: only what was drawn in it,
    /// unless the blend mode changes the destination under transparent pixels too.
    /// Unbalanced calls are ignored.
    public func endTransparencyLayer() {
        guard let layer = layers.popLast() else { return }
        composite(layer)
        let drawn = layer.drawn
        layerMemory.recycle((consume layer).buffer, drawn: drawn)
    }

    /// Draws what `layer` holds into what is under it.
    private func composite(_ layer: borrowing TransparencyLayer) {
        state = layer.outerState
        let region = state.blendMode.transparentSourceKeepsDestination ? layer.drawn.intersection(layer.buffer.bounds)
            : layer.buffer.bounds
        guard !region.isEmpty else { return }
        let paint = Paint.shader(BufferShader(buffer: layer.buffer))
        guard state.blendMode == .destinationIn, state.alpha == 1, state.shadow == nil, clip(over: region).coverage == nil else {
            return render(.rect(region), paint: paint)
        }
        // Destination-in (a mask) keeps nothing where the layer drew nothing: those pixels
        // are cleared outright, and only what it drew is composited. The same pixels, for
        // far less work when a mask covers a little of a large layer.
        let drawn = layer.drawn.intersection(region)
        state.blendMode = .clear
        for outside in region.subtracting(drawn) { render(.rect(outside), paint: .solid(PremultipliedColor(r: 0, g: 0, b: 0, a: 0))) }
        state.blendMode = .destinationIn
        if !drawn.isEmpty { render(.rect(drawn), paint: paint) }
    }
}
