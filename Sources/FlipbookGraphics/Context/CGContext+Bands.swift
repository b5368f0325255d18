extension CGContext {
    /// Runs `draw` once for each horizontal band of the context's drawable area, on up to
    /// `maximumThreadCount` threads at once. Each call gets its own context that starts
    /// from this context's graphics state and draws into this context's pixels, only those
    /// of its band.
    ///
    /// Coverage, paint and compositing depend only on a pixel's position, never on the
    /// region being drawn. So the pixels are byte-identical to one call of `draw` on the
    /// whole context, and several cores share one picture. Replaying the whole drawing per
    /// band also pays off when the picture is made of many small fills, each too small to
    /// split on its own.
    ///
    /// Flipbook's addition: Core Graphics draws on one thread.
    /// - `draw` runs concurrently with itself. It may read shared values but must not
    ///   change them.
    /// - The graphics state `draw` sets stays in the band's own context; this context's
    ///   state is unchanged.
    /// - With one thread, or a drawable area under 64 rows, there is one band, drawn on the
    ///   calling thread.
    public func drawInBands(_ draw: (CGContext) -> Void) {
        drawInBands(area: clipBounds.intersection(writableBounds()), draw)
    }

    /// `drawInBands(_:)`, changing only the device pixels `rect` covers. Unlike a clip to
    /// it, the limit leaves what transparency layers hold whole, so every pixel in it comes
    /// out as drawing everywhere makes it: a renderer redraws the part of a frame that
    /// changed.
    package func drawInBands(limitedTo rect: CGRect, _ draw: (CGContext) -> Void) {
        let area = clipBounds.intersection(writableBounds()).intersection(IntRect(covering: rect))
        if !area.isEmpty { drawInBands(area: area, draw) }
    }

    private func drawInBands(area: IntRect, _ draw: (CGContext) -> Void) {
        let bands = RowBands.contiguous(rows: area.height, threads: threads, minimumRows: 32).map { rows in
            IntRect(x0: area.x0, y0: area.y0 + rows.lowerBound, x1: area.x1, y1: area.y0 + rows.upperBound)
        }
        let contexts = bands.indices.map { band($0, clippedTo: bands[$0]) }
        markDrawn(area)
        noteDraw()
        // Contexts on a transparency layer's buffer would keep it alive: not kept.
        defer { if target !== base { bandContexts.removeAll() } }
        guard contexts.count > 1 else { return draw(contexts[0]) }
        WorkerPool.shared.perform(iterations: contexts.count) { k in draw(contexts[k]) }
    }

    /// Band context `k`: drawing into this context's current target with its graphics
    /// state, changing only the pixels in `rect`, on one thread. Band contexts are kept
    /// from call to call, so their rasterizers' working memory is allocated once.
    private func band(_ k: Int, clippedTo rect: IntRect) -> CGContext {
        if k == bandContexts.count {
            bandContexts.append(CGContext(buffer: target))
        } else if bandContexts[k].base !== target {
            bandContexts[k] = CGContext(buffer: target)
        }
        let band = bandContexts[k]
        band.state = state
        band.bandLimit = rect
        band.savedStates = []
        band.currentPath = CGMutablePath()
        band.layers = []
        band.allowsAntialiasing = allowsAntialiasing
        band.maximumThreadCount = 1
        return band
    }
}
