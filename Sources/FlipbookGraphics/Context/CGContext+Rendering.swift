import CFlipbookKernels
/// Where paint comes from for one draw.
enum Paint {
    case solid(PremultipliedColor)
    case shader(any Shader)
}

/// The shape of one draw in device pixels.
enum CoverageSource {
    /// Outline edges filled with a rule.
    case edges([Edge], CGPathFillRule, bounds: IntRect)
    /// Every pixel of a rectangle, fully covered.
    case rect(IntRect)
    /// Per-pixel coverage over a rectangle (row by row).
    case mask(IntRect, [UInt8])

    var bounds: IntRect {
        switch self {
        case .edges(_, _, let bounds): return bounds
        case .rect(let r), .mask(let r, _): return r
        }
    }
}

extension CGContext {
    var antialias: Bool { state.shouldAntialias && allowsAntialiasing }
    var threads: Int { max(1, maximumThreadCount) }

    /// The coverage of a device-space outline filled with `rule`.
    func coverage(of outline: FillOutline, rule: CGPathFillRule) -> CoverageSource {
        .edges(outline.edges, rule, bounds: IntRect(covering: outline.bounds).intersection(drawableBounds))
    }

    /// The coverage of a device-space path filled with `rule`.
    func coverage(ofDevicePath path: CGPath, rule: CGPathFillRule) -> CoverageSource {
        coverage(of: FillOutline(path, tolerance: flatteningTolerance), rule: rule)
    }

    /// The device pixels drawing may change: the target, within the band limit when
    /// drawing straight into a band context's pixels. `reach` grows the limit, for a
    /// transparency layer whose shadow can fall that far into the band.
    func writableBounds(reach: Int = 0) -> IntRect {
        guard let bandLimit, layers.isEmpty else { return target.bounds }
        return target.bounds.intersection(bandLimit.insetBy(-reach))
    }

    /// Whether a shape lying within `deviceBounds`, or up to `reach` pixels outside it, can
    /// change a pixel: whether it meets the clip and the pixels this context may write, or
    /// could cast its shadow onto them. A band skips the shapes outside its rows before
    /// flattening or stroking them, and a frame tree's band skips the layers outside it.
    /// Bounds that are not finite may meet anything.
    package func mayDraw(within deviceBounds: CGRect, reach: CGFloat = 0) -> Bool {
        guard !deviceBounds.isNull else { return false }
        guard deviceBounds.isFinite, reach.isFinite else { return true }
        var area = clipBounds.intersection(writableBounds())
        if let shadow = state.shadow { area = area.insetBy(-Self.reach(of: shadow)) }
        guard !area.isEmpty else { return false }
        // A pixel is touched by a shape reaching into it; one pixel more for rounding.
        let grown = reach + 1
        return deviceBounds.minX - grown < CGFloat(area.x1) && deviceBounds.maxX + grown > CGFloat(area.x0)
            && deviceBounds.minY - grown < CGFloat(area.y1) && deviceBounds.maxY + grown > CGFloat(area.y0)
    }

    /// Records that `region` of the innermost transparency layer was drawn in: a layer
    /// composites only what was drawn in it.
    func markDrawn(_ region: IntRect) {
        if !layers.isEmpty { layers[layers.count - 1].drawn = layers[layers.count - 1].drawn.union(region) }
    }

    /// Where a draw's shape can matter: the target, grown by the shadow's reach when a
    /// shadow is set (a shape off the canvas can cast a shadow onto it).
    var drawableBounds: IntRect {
        guard let shadow = state.shadow else { return target.bounds }
        return target.bounds.insetBy(-Self.reach(of: shadow))
    }

    /// How far a shadow can fall from its shape, in pixels: blur (3σ) plus offset.
    static func reach(of shadow: Shadow) -> Int {
        let pad = Int((3 * max(shadow.blur, 0) / 2).rounded(.up)) + 1
        return pad + abs(Int(shadow.offset.width.rounded())) + abs(Int(shadow.offset.height.rounded()))
    }

    /// Draws `source` with `paint` through the clip, global alpha and blend mode, with the
    /// shadow first when one is set.
    func render(_ source: CoverageSource, paint: Paint, alpha: CGFloat? = nil, shadowed: Bool = true) {
        noteDraw()
        if shadowed, let shadow = state.shadow { renderShadow(source, paint: paint, shadow: shadow) }
        let target = self.target
        let clipBounds = self.clipBounds
        let region = source.bounds.intersection(clipBounds).intersection(writableBounds())
        guard !region.isEmpty else { return }
        let clip = clip(over: region)
        markDrawn(region)
        let alpha8 = UInt32(((alpha ?? state.alpha) * 255).rounded())
        let mode = state.blendMode
        if case .rect = source, clip.coverage == nil, let packed = replacement(paint: paint, alpha8: alpha8, mode: mode) {
            // Every pixel is replaced by the same colour: a plain fill, bound by memory
            // bandwidth, so one thread does it; whole rows lying end to end, in one go.
            if region.width * MemoryLayout<PackedPixel>.stride == target.bytesPerRow {
                fb_fill_pixels(target.row(region.y0) + region.x0, region.width * region.height, packed)
            } else {
                for y in region.y0..<region.y1 { fb_fill_pixels(target.row(y) + region.x0, region.width, packed) }
            }
            return
        }
        // The paint taken apart once, not for every run of coverage.
        let solid: PackedPixel? = if case .solid(let color) = paint { scalePixel(color.packed, alpha8) } else { nil }
        let shader: (any Shader)? = if case .shader(let shader) = paint { shader } else { nil }
        if case .edges(let edges, let rule, _) = source, mode == .normal, clip.coverage == nil,
           target.bytesPerRow % MemoryLayout<PackedPixel>.stride == 0 {
            // Right of the region up to the clip's side the path covers nothing (the region
            // ends there only where the path does), and the pixels may be written back.
            let slack = clipBounds.intersection(writableBounds()).x1 - region.x1
            if let solid {
                // The commonest draw, a colour over a path: composited as the rows are summed.
                return rasterizer.fill(edges, rule: rule, region: region, slack: slack, antialias: antialias,
                                       threads: threads, color: solid, over: target)
            }
            // An axial gradient over a path (Lottie's gradient fills and strokes): its
            // colours looked up as the rows are summed, not shaded run by run.
            if alpha8 == 255, let linear = shader as? LinearGradientShader,
               let rows = linear.fixedPointRows(region.y0..<region.y1, columns: region.x0...(region.x1 + slack)) {
                return rasterizer.fill(edges, rule: rule, region: region, slack: slack, antialias: antialias, threads: threads,
                                       gradient: linear.gradient, rows: rows.indices, step: rows.step, over: target)
            }
        }
        // Where an opaque shader's paint fully covers a pixel, its colour replaces the pixel.
        let replacesCovered = alpha8 == 255 && (mode == .normal || mode == .copy) && shader?.isOpaque(over: region) == true
        if case .rect = source, let shader, clip.coverage == nil, replacesCovered {
            // Every pixel is replaced by the shader's opaque colour: shade into the target.
            RowBands.cacheSized(rows: region.height, pixelsPerRow: region.width, threads: threads) { rows in
                let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: region.width)
                defer { coverage.deallocate() }
                coverage.initialize(repeating: 255, count: region.width)
                for row in rows {
                    let y = region.y0 + row
                    shader.shade(y: y, x: region.x0, count: region.width, into: target.row(y) + region.x0, coverage: coverage)
                }
            }
            return
        }
        // A shader's runs: made once, so no run copies the shader out of its optional.
        let shade: ((Int, Int, UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<PackedPixel>) -> Void)? = shader.map { shader in
            { y, x, cov, count, dst in
                // The run's colours, or the pixels set aside around its full stretch: on the
                // stack when the run is short, as most are.
                withUnsafeTemporaryAllocation(of: PackedPixel.self, capacity: count) { buffer in
                    let colors = buffer.baseAddress!
                    guard replacesCovered else {
                        shader.shade(y: y, x: x, count: count, into: colors, coverage: cov)
                        if alpha8 < 255 { for i in 0..<count { colors[i] = scalePixel(colors[i], alpha8) } }
                        return Compositor.composite(dst, count: count, coverage: cov, source: .pixels(colors), mode: mode)
                    }
                    // The run's first stretch of full coverage takes the shader's colours as
                    // they are. So the whole run is shaded straight into the target, and only
                    // the pixels either side of that stretch, set aside first, are composited.
                    var start = 0
                    while start < count && cov[start] != 255 { start += 1 }
                    let end = start + fb_full_run(cov + start, count - start)
                    colors.update(from: dst, count: start)
                    (colors + start).update(from: dst + end, count: count - end)
                    shader.shade(y: y, x: x, count: count, into: dst, coverage: cov)
                    /// Composites `n` shaded pixels from `at` over the ones set aside at `colors + aside`.
                    func composite(at: Int, _ n: Int, aside: Int) {
                        guard n > 0 else { return }
                        Compositor.composite(colors + aside, count: n, coverage: cov + at, source: .pixels(dst + at), mode: mode)
                        (dst + at).update(from: colors + aside, count: n)
                    }
                    composite(at: 0, start, aside: 0)
                    composite(at: end, count - end, aside: start)
                }
            }
        }
        produceRows(source, region: region) { y, x, coverage in
            let count = coverage.count
            let cov = coverage.baseAddress!
            clip.apply(y: y, x: x, to: cov, count: count)
            let dst = target.row(y) + x
            // Rows lie a stride apart, so the hardware prefetchers start afresh on each: ask
            // for the row after next (fills run top to bottom) while this one composites.
            if y + 2 < region.y1 { fb_prefetch(target.row(y + 2) + x, count * 4) }
            if let solid {
                Compositor.composite(dst, count: count, coverage: cov, source: .solid(solid), mode: mode)
            } else {
                shade?(y, x, cov, count, dst)
            }
        }
    }

    /// The pixel every fully covered pixel becomes whatever was there before, if there is
    /// one: the colour of an opaque copy or source-over, nothing where `.clear` clears.
    private func replacement(paint: Paint, alpha8: UInt32, mode: CGBlendMode) -> PackedPixel? {
        if mode == .clear { return 0 }
        guard case .solid(let color) = paint, alpha8 == 255, mode == .copy || (mode == .normal && color.a == 255) else {
            return nil
        }
        return color.packed
    }

    /// Hands rows of coverage for `source` inside `region` to `sink`, possibly concurrently;
    /// edges are anti-aliased as the state says unless `antialias` says otherwise.
    func produceRows(_ source: CoverageSource, region: IntRect, antialias: Bool? = nil, sink: CoverageRasterizer.RowSink) {
        switch source {
        case .edges(let edges, let rule, _):
            rasterizer.fill(edges, rule: rule, region: region, antialias: antialias ?? self.antialias, threads: threads, sink: sink)
        case .rect, .mask:
            let bounds = source.bounds
            let mask: [UInt8]? = if case .mask(_, let m) = source { m } else { nil }
            RowBands.cacheSized(rows: region.height, pixelsPerRow: region.width, threads: threads) { rows in
                let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: region.width)
                defer { buffer.deallocate() }
                for row in rows {
                    let y = region.y0 + row
                    if let mask {
                        let start = (y - bounds.y0) * bounds.width + region.x0 - bounds.x0
                        mask.withUnsafeBufferPointer { m in
                            _ = buffer.initialize(from: m[start..<(start + region.width)])
                        }
                    } else {
                        buffer.initialize(repeating: 255)
                    }
                    sink(y, region.x0, buffer)
                }
            }
        }
    }

    /// Renders the shadow of a draw: the draw's alpha, blurred with σ = blur / 2, offset in
    /// device space (positive height moves it down, as on iOS), painted in the shadow colour.
    private func renderShadow(_ source: CoverageSource, paint: Paint, shadow: Shadow) {
        let sigma = max(shadow.blur, 0) / 2
        let pad = Int((3 * sigma).rounded(.up)) + 1
        let dx = Int(shadow.offset.width.rounded()), dy = Int(shadow.offset.height.rounded())
        let shape = source.bounds.intersection(target.bounds.insetBy(-Self.reach(of: shadow)))
        guard !shape.isEmpty else { return }
        let region = shape.insetBy(-pad)
        var mask = [UInt8](repeating: 0, count: region.width * region.height)
        let alpha8 = UInt32((state.alpha * 255).rounded())
        mask.withUnsafeMutableBufferPointer { out in
            let base = UncheckedSendable(out.baseAddress!)
            produceRows(source, region: shape) { y, x, coverage in
                let count = coverage.count
                let line = base.value + (y - region.y0) * region.width + (x - region.x0)
                switch paint {
                case .solid(let color):
                    let a = mul255(UInt32(color.a), alpha8)
                    for i in 0..<count { line[i] = UInt8(mul255(UInt32(coverage[i]), a)) }
                case .shader(let shader):
                    let colors = UnsafeMutablePointer<PackedPixel>.allocate(capacity: count)
                    defer { colors.deallocate() }
                    shader.shade(y: y, x: x, count: count, into: colors, coverage: coverage.baseAddress!)
                    for i in 0..<count {
                        line[i] = UInt8(mul255(mul255(UInt32(coverage[i]), colors[i] >> 24), alpha8))
                    }
                }
            }
        }
        GaussianBlur.blur(&mask, width: region.width, height: region.height, sigma: sigma)
        render(.mask(region.offsetBy(dx: dx, dy: dy), mask), paint: .solid(shadow.color), alpha: 1, shadowed: false)
    }

    /// Whether stroking `devicePath` can change a pixel: `mayDraw` with how far, in device
    /// pixels, the stroke reaches beyond the path's control points. That is half the line
    /// width scaled by the CTM (half a pixel for a hairline), times √2 to a square cap's
    /// corner, or times the longest miter's length to its tip. The miter's length is looked
    /// for only when the path is near enough for it to matter: a bound from the path's
    /// corners (`miterReach`), as a rounded rectangle has no sharp ones.
    func mayStroke(_ devicePath: CGPath) -> Bool {
        let box = devicePath.boundingBox
        let hairline = state.lineWidth == 0
        let halfWidth = hairline ? 0.5 : abs(state.lineWidth) / 2 * state.ctm.maximumScale
        let cap: CGFloat = state.lineCap == .square ? 2.squareRoot() : 1
        if mayDraw(within: box, reach: halfWidth * cap) { return true }
        guard state.lineJoin == .miter, state.miterLimit > cap,
              mayDraw(within: box, reach: halfWidth * state.miterLimit) else { return false }
        let userSpace = hairline ? .identity : state.ctm.inverted()
        return mayDraw(within: box, reach: halfWidth * devicePath.miterReach(limit: state.miterLimit, transform: userSpace))
    }

    /// The stroke of a device-space path under the current line attributes, as device-space
    /// contours to fill with the non-zero rule.
    func strokeContours(of devicePath: CGPath) -> [Polyline] {
        let ctm = state.ctm
        let det = ctm.a * ctm.d - ctm.b * ctm.c
        guard det != 0, det.isFinite else { return [] }
        let identity = ctm.isIdentity
        var userPath: CGPath = identity ? devicePath : devicePath.copy(using: [ctm.inverted()]) ?? devicePath
        let dasher = Dasher(phase: state.dashPhase, lengths: state.dashLengths)
        if dasher.isValid { userPath = dasher.dash(userPath) }
        if state.lineWidth == 0 {
            // A hairline: one device pixel wide whatever the CTM.
            let devicePolylines = userPath.polylines(transform: ctm, tolerance: flatteningTolerance)
            return Stroker(width: 1, cap: state.lineCap, join: state.lineJoin, miterLimit: state.miterLimit,
                           tolerance: flatteningTolerance).stroke(devicePolylines)
        }
        let tolerance = flatteningTolerance / max(ctm.maximumScale, 1e-9)
        let stroker = Stroker(width: state.lineWidth, cap: state.lineCap, join: state.lineJoin,
                              miterLimit: state.miterLimit, tolerance: tolerance)
        var contours = stroker.stroke(userPath.polylines(tolerance: tolerance))
        for i in contours.indices where !identity {
            contours[i].points = contours[i].points.map { $0.applying(ctm) }
        }
        return contours
    }
}
