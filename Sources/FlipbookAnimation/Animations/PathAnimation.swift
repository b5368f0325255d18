/// A property animation of a path (`path`, `shadowPath`): blended point by point into the
/// path the layer state already holds when nothing else holds it, so a shape whose path is
/// animated gets a new path once, not every frame. The render tree keeps these inline in
/// its track list.
struct PathAnimation: Sendable {
    let curve: Curve<CGPath?>
    /// Where the state keeps the path (`LayerPropertyDescription.pathOffset`).
    let offset: Int

    /// Writes the path at `position` into `state`. With no position (the animation is not
    /// running) or no path to show, the committed path when `resetting` (the animation
    /// stands in for the property's reset), nothing otherwise.
    func apply(at position: Timing.Position?, duration: Double, resetting: Bool, committed: UnsafePointer<LayerState>,
               to state: UnsafeMutablePointer<LayerState>) {
        let path = (UnsafeMutableRawPointer(state) + offset).assumingMemoryBound(to: CGPath?.self)
        // Read only when needed: the committed state is cold by now.
        func committedPath() -> CGPath? { UnsafeRawPointer(committed).load(fromByteOffset: offset, as: CGPath?.self) }
        guard let position, let mix = curve.mix(at: position, duration: duration, base: curve.needsBase ? committedPath() : nil)
        else {
            if resetting { path.pointee = committedPath() }
            return
        }
        switch mix {
        case .value(let value):
            path.pointee = value
        case let .between(from, to, fraction):
            if let from, let to, CGPath.interpolate(from: from, to: to, fraction: fraction, into: &path.pointee) { return }
            path.pointee = from.interpolated(to: to, fraction: fraction)
        }
    }
}
