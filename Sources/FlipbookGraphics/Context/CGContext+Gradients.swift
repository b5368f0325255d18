extension CGContext {
    /// Paints an axial gradient across the clip region: colour t sits on the line through
    /// `start + t·(end − start)` perpendicular to it. Without the extend options nothing is
    /// painted before the start or after the end.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard start.isFinite, end.isFinite else { return }
        let shader = LinearGradientShader(gradient: gradient, start: start, end: end, ctm: state.ctm, options: options)
        render(gradientArea, paint: .shader(shader))
    }

    /// Paints a radial gradient between two circles across the clip region. With
    /// `.drawsBeforeStartLocation` the start circle's colour also fills inside it (and the
    /// cone extends backwards); with `.drawsAfterEndLocation` the end colour extends outwards.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite else { return }
        let shader = RadialGradientShader(gradient: gradient, startCenter: startCenter, startRadius: startRadius,
                                          endCenter: endCenter, endRadius: endRadius, ctm: state.ctm, options: options)
        render(gradientArea, paint: .shader(shader))
    }

    /// Paints a conic gradient across the clip region: colour t lies on the ray from
    /// `center` at `angle + 2π·t` (radians, from +x towards +y: clockwise on screen in
    /// Flipbook's y-down contexts), so the colours sweep once around the centre.
    public func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat) {
        guard center.isFinite, angle.isFinite else { return }
        let shader = ConicGradientShader(gradient: gradient, inverse: state.ctm.inverted(), center: center, angle: angle)
        render(gradientArea, paint: .shader(shader))
    }

    /// Limits the gradients drawn from now until the graphics state is restored to the
    /// current path filled under `rule`, as though `clip(using:)` clipped to it but without
    /// making a clip mask, and clears the path: a layer's gradient filling its outline, or
    /// the region a mask keeps of it, in one pass. The same pixels as clipping to the path.
    package func limitGradients(using rule: CGPathFillRule) {
        state.gradientArea = (currentPath, rule)
        currentPath = CGMutablePath()
    }

    /// What a gradient paints: the clip, within the gradient area when one is set.
    private var gradientArea: CoverageSource {
        guard let (area, rule) = state.gradientArea else { return .rect(clipBounds) }
        if let rect = area.axisAlignedRectangle, let pixels = pixelRect(rect) { return .rect(pixels.intersection(clipBounds)) }
        return coverage(ofDevicePath: area, rule: rule)
    }
}
