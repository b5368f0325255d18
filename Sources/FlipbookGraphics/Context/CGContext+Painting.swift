extension CGContext {
    /// Fills the current path with the fill colour under `rule`, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        currentPath = CGMutablePath()
        fill(devicePath: path, rule: rule)
    }

    /// Fills a device-space path with the fill colour under `rule`. A rectangle on pixel
    /// edges (a background, say) covers its pixels whole, without rasterizing.
    private func fill(devicePath: CGPath, rule: CGPathFillRule) {
        guard mayDraw(within: devicePath.boundingBox) else { return }
        let outline = FillOutline(devicePath, tolerance: flatteningTolerance)
        if let rect = outline.rectangle, let pixels = pixelRect(rect) {
            return render(.rect(pixels), paint: .solid(state.fillColor))
        }
        render(coverage(of: outline, rule: rule), paint: .solid(state.fillColor))
    }

    /// Fills the current path with the even-odd rule, then clears the path.
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the stroke colour and line attributes, then clears it.
    public func strokePath() {
        let path = currentPath
        currentPath = CGMutablePath()
        stroke(devicePath: path)
    }

    /// Strokes a device-space path with the stroke colour and line attributes.
    private func stroke(devicePath: CGPath) {
        guard mayStroke(devicePath) else { return }
        render(coverage(of: FillOutline(strokeContours(of: devicePath)), rule: .winding), paint: .solid(state.strokeColor))
    }

    /// Fills and/or strokes the current path, then clears it. Fill comes before stroke.
    public func drawPath(using mode: CGPathDrawingMode) {
        let saved = currentPath
        switch mode {
        case .fill: fillPath(using: .winding)
        case .eoFill: fillPath(using: .evenOdd)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            fillPath(using: mode == .fillStroke ? .winding : .evenOdd)
            currentPath = saved
            strokePath()
        }
    }

    /// Fills a rectangle (the current path is left alone).
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills rectangles with the non-zero rule.
    public func fill(_ rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects, transform: state.ctm)
        fill(devicePath: path, rule: .winding)
    }

    /// Strokes a rectangle with the current line width.
    public func stroke(_ rect: CGRect) { strokeShape { $0.addRect(rect, transform: state.ctm) } }

    /// Strokes a rectangle with the given line width.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    /// Fills an ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: state.ctm)
        fill(devicePath: path, rule: .winding)
    }

    /// Strokes an ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) { strokeShape { $0.addEllipse(in: rect, transform: state.ctm) } }

    /// Strokes separate line segments between pairs of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        strokeShape { path in
            var i = 0
            while i + 1 < points.count {
                path.move(to: points[i], transform: state.ctm)
                path.addLine(to: points[i + 1], transform: state.ctm)
                i += 2
            }
        }
    }

    /// Makes the pixels of `rect` transparent, within the clip; alpha, blend mode and shadow
    /// do not apply.
    public func clear(_ rect: CGRect) {
        saveGState()
        state.blendMode = .clear
        state.shadow = nil
        state.alpha = 1
        fill(rect)
        restoreGState()
    }

    /// Makes the pixels of `rect` transparent but for those of `kept`, both in device
    /// pixels whatever the CTM (rounded out to whole pixels), within the clip.
    package func clear(devicePixels rect: CGRect, except kept: CGRect) {
        saveGState()
        defer { restoreGState() }
        state.ctm = .identity
        for strip in IntRect(covering: rect).subtracting(IntRect(covering: kept)) {
            clear(CGRect(x: strip.x0, y: strip.y0, width: strip.width, height: strip.height))
        }
    }

    private func strokeShape(_ build: (CGMutablePath) -> Void) {
        let path = CGMutablePath()
        build(path)
        stroke(devicePath: path)
    }

    /// The device pixels a rect covers exactly, when the CTM maps it to whole pixels,
    /// turned by a quarter if at all.
    func alignedDeviceRect(_ rect: CGRect) -> IntRect? {
        let m = state.ctm
        guard (m.b == 0 && m.c == 0) || (m.a == 0 && m.d == 0), !rect.isNull, !rect.isInfiniteRect else { return nil }
        return pixelRect(rect.applying(m))
    }

    /// The drawable pixels of a device-space rectangle whose sides lie on pixel edges.
    func pixelRect(_ r: CGRect) -> IntRect? {
        func whole(_ value: CGFloat) -> Bool { value.isFinite && value == value.rounded() }
        guard whole(r.minX), whole(r.minY), whole(r.maxX), whole(r.maxY) else { return nil }
        return IntRect(covering: r).intersection(drawableBounds)
    }
}
