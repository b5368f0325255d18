extension CGContext {
    /// Intersects the clip with the current path under `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        currentPath = CGMutablePath()
        clip(toDevicePath: path, rule: rule)
    }

    /// Intersects the clip with the current path under the even-odd rule.
    public func eoClip() { clip(using: .evenOdd) }

    /// Intersects the clip with a rectangle.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of rectangles.
    public func clip(to rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects, transform: state.ctm)
        clip(toDevicePath: path, rule: .winding)
    }

    /// Intersects the clip with a device-space path filled under `rule`.
    private func clip(toDevicePath path: CGPath, rule: CGPathFillRule) {
        guard let rect = path.axisAlignedRectangle else { return clip(to: coverage(ofDevicePath: path, rule: rule)) }
        // A rectangle on pixel edges (a layer's bounds, most often) clips without coverage.
        if let pixels = pixelRect(rect) {
            state.clip = state.clip.intersecting(rect: pixels, coverage: nil)
            return
        }
        // Off the pixel grid, the mask is made when a draw first reaches past the pixels
        // the rectangle covers wholly, if one does.
        let source = coverage(ofDevicePath: path, rule: rule)
        guard !source.bounds.intersection(clipBounds).isEmpty else { return clip(to: source) }
        state.deferredClips.append(DeferredClip(rect, source: source, antialias: antialias))
    }

    /// The clip's bounds in device pixels: the mask's, within the rectangles not yet made
    /// into it.
    var clipBounds: IntRect {
        state.deferredClips.reduce(state.clip.bounds) { $0.intersection($1.source.bounds) }
    }

    /// The clip a draw within `region` (inside `clipBounds`) goes through: the mask as it
    /// is when every deferred rectangle covers the region wholly; otherwise the mask with
    /// those rectangles made into it, in the order they were clipped to.
    func clip(over region: IntRect) -> ClipMask {
        if !state.deferredClips.allSatisfy({ $0.interior.contains(region) }) { makeDeferredClips() }
        return state.clip
    }

    /// Makes the deferred rectangles into the clip's mask, in the order they were clipped to.
    private func makeDeferredClips() {
        let deferred = state.deferredClips
        state.deferredClips = []
        for rect in deferred { clip(to: rect) }
    }

    /// Intersects the clip's mask with a deferred rectangle's coverage.
    private func clip(to rect: DeferredClip) {
        state.clip = rect.mask(over: state.clip) {
            clip(to: rect.source, sameRows: rect.wholeRows, antialias: rect.antialias)
            return state.clip
        }
    }

    /// Intersects the clip with an image mask drawn into `rect`. An image with an alpha
    /// channel masks by its alpha; an opaque image (a gray mask, as Apple expects) masks by
    /// its brightness, white showing and black hiding.
    public func clip(to rect: CGRect, mask: CGImage) {
        makeDeferredClips()
        let imageToDevice = CGAffineTransform(scaleX: rect.width / CGFloat(mask.width), y: rect.height / CGFloat(mask.height))
            .concatenating(CGAffineTransform(translationX: rect.minX, y: rect.minY))
            .concatenating(state.ctm)
        let shader = ImageShader(image: mask, imageToDevice: imageToDevice, quality: .low, tiled: false)
        let area = CGMutablePath()
        area.addRect(rect, transform: state.ctm)
        let source = coverage(ofDevicePath: area, rule: .winding)
        let region = source.bounds.intersection(target.bounds)
        var values = [UInt8](repeating: 0, count: max(region.width * region.height, 0))
        let byBrightness = mask.isOpaque
        if !region.isEmpty {
            values.withUnsafeMutableBufferPointer { out in
                let base = UncheckedSendable(out.baseAddress!)
                produceRows(source, region: region) { y, x, coverage in
                    let count = coverage.count
                    let colors = UnsafeMutablePointer<PackedPixel>.allocate(capacity: count)
                    defer { colors.deallocate() }
                    shader.shade(y: y, x: x, count: count, into: colors, coverage: coverage.baseAddress!)
                    let line = base.value + (y - region.y0) * region.width + (x - region.x0)
                    for i in 0..<count {
                        let c = colors[i]
                        let m = byBrightness
                            ? (77 * (c & 0xFF) + 150 * ((c >> 8) & 0xFF) + 29 * ((c >> 16) & 0xFF) + 128) >> 8
                            : c >> 24
                        line[i] = UInt8(mul255(UInt32(coverage[i]), m))
                    }
                }
            }
        }
        state.clip = state.clip.intersecting(rect: region, coverage: values)
    }

    /// Restores the clip to the whole context. (Apple offers this as `resetClip()`.)
    public func resetClip() {
        state.clip = ClipMask(bounds: base.bounds)
        state.deferredClips = []
    }

    /// The bounding box of the clip in user space.
    public var boundingBoxOfClipPath: CGRect {
        let b = clipBounds
        return CGRect(x: b.x0, y: b.y0, width: b.width, height: b.height).applying(state.ctm.inverted())
    }

    /// Intersects the clip with `source`'s coverage, anti-aliased as the state is unless
    /// `antialias` says otherwise. The rows in `sameRows` are known to have the coverage of
    /// the first of them, which alone is made and then copied.
    private func clip(to source: CoverageSource, sameRows: Range<Int> = 0..<0, antialias: Bool? = nil) {
        let region = source.bounds.intersection(clipBounds)
        // A deferred rectangle covering the new clip's pixels wholly changes nothing within them.
        state.deferredClips.removeAll { $0.interior.contains(region) }
        makeDeferredClips()
        guard !region.isEmpty else {
            state.clip = ClipMask(bounds: IntRect(x0: 0, y0: 0, x1: 0, y1: 0))
            return
        }
        let alike = sameRows.clamped(to: region.y0..<region.y1)
        let width = region.width
        // Each row is written once, left to right: the runs of coverage, the gaps between
        // them zeroed as they come (a clip often covers most of its rows, so the memory is
        // not cleared first).
        let values = [UInt8](unsafeUninitializedCapacity: width * region.height) { out, initialized in
            let base = UncheckedSendable(out.baseAddress!)
            // How far each row is written (rows are handed out on one thread each).
            let written = UncheckedSendable(UnsafeMutablePointer<Int>.allocate(capacity: region.height))
            written.value.initialize(repeating: 0, count: region.height)
            defer { written.value.deallocate() }
            func make(_ rows: Range<Int>) {
                guard !rows.isEmpty else { return }
                produceRows(source, region: IntRect(x0: region.x0, y0: rows.lowerBound, x1: region.x1, y1: rows.upperBound),
                            antialias: antialias) { y, x, coverage in
                    let line = base.value + (y - region.y0) * width, start = x - region.x0
                    let done = written.value + (y - region.y0)
                    (line + done.pointee).initialize(repeating: 0, count: start - done.pointee)
                    (line + start).initialize(from: coverage.baseAddress!, count: coverage.count)
                    done.pointee = start + coverage.count
                }
            }
            // The rows copied from the first alike one.
            let copies = alike.count > 1 ? alike.lowerBound + 1..<alike.upperBound : region.y0..<region.y0
            make(region.y0..<copies.lowerBound)
            make(max(copies.upperBound, region.y0)..<region.y1)
            for y in region.y0..<region.y1 where !copies.contains(y) && written.value[y - region.y0] < width {
                let done = written.value[y - region.y0]
                (base.value + (y - region.y0) * width + done).initialize(repeating: 0, count: width - done)
            }
            if let first = alike.first.map({ base.value + ($0 - region.y0) * width }) {
                for y in copies { (base.value + (y - region.y0) * width).initialize(from: first, count: width) }
            }
            initialized = width * region.height
        }
        state.clip = state.clip.intersecting(rect: region, coverage: values)
    }
}
