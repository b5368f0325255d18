extension Recorder {
    /// A recorder of `window`: its bounds at its screen's scale unless `scale` is given.
    /// Each frame's tick lays the window out, runs its delayed work and commits it, as the
    /// window's run loop would.
    public convenience init(window: UIWindow, scale: CGFloat? = nil, host: AnimationHost = .shared) {
        self.init(layer: window.layer, bounds: window.bounds, scale: scale ?? window.screen.scale, host: host)
    }
}
