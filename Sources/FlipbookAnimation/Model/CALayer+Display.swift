extension CALayer {
    /// Marks the contents as needing `display()` at the next `displayIfNeeded()`.
    public func setNeedsDisplay() {
        needsDisplayFlag = true
        contentsSetDirectly = false
    }

    /// Marks part of the contents; Flipbook redraws the whole layer.
    public func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    /// Whether the layer is marked as needing display.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Displays the layer if it is marked, unless contents were set directly since.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        if !contentsSetDirectly { display() }
    }

    /// Marks the layer as needing `layoutSublayers()` at the next layout pass.
    public func setNeedsLayout() { needsLayoutFlag = true }

    /// Whether the layer is marked as needing layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out this layer if marked, then its sublayers, top down; then displays any
    /// layer marked as needing display. The host calls this on each tick. The mark is
    /// cleared once `layoutSublayers()` returns, so what the layout itself changes (adding
    /// sublayers, say) does not lay the layer out again at the next tick, as on iOS.
    public func layoutIfNeeded() {
        if needsLayoutFlag {
            layoutSublayers()
            needsLayoutFlag = false
        }
        for sub in sublayerStorage { sub.layoutIfNeeded() }
        maskStorage?.layoutIfNeeded()
        displayIfNeeded()
    }
}
