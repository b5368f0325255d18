import Synchronization

/// A clip to an axis-aligned rectangle off the pixel grid (a clipping layer's bounds under
/// a scale) whose coverage mask is made only when a draw reaches past the pixels the
/// rectangle covers wholly. Inside them its coverage is full and leaves every other
/// coverage as it is, so a draw there goes through the clip as it was: no mask is made,
/// copied or multiplied, and the pixels are the same.
final class DeferredClip: Sendable {
    /// The rectangle's coverage, as clipping to it makes it.
    let source: CoverageSource
    /// The rows the rectangle covers from side to side, alike (`clip(to:sameRows:)`).
    let wholeRows: Range<Int>
    /// The pixels the rectangle covers wholly.
    let interior: IntRect
    /// Whether the coverage is anti-aliased, as it was when the clip was set.
    let antialias: Bool
    /// The mask last made of this clip: the clip it was made over and the result. A layer
    /// drawn in its own saved graphics state makes the mask there; the layers after it,
    /// over the same clip, take the same mask.
    private let made = Mutex<(over: ClipMask, result: ClipMask)?>(nil)

    /// The clip of device rectangle `rect` whose coverage is `source`.
    init(_ rect: CGRect, source: CoverageSource, antialias: Bool) {
        self.source = source
        self.antialias = antialias
        interior = IntRect(within: rect).intersection(source.bounds)
        let top = rect.minY.rounded(.up), bottom = rect.maxY.rounded(.down)
        wholeRows = top < bottom && top > -16_777_216 && bottom < 16_777_216 ? Int(top)..<Int(bottom) : 0..<0
    }

    /// `clip` intersected with this rectangle: the mask made before over the same clip, or
    /// the one `make` makes of it.
    func mask(over clip: ClipMask, making make: () -> ClipMask) -> ClipMask {
        if let known = made.withLock({ $0 }), known.over === clip { return known.result }
        let result = make()
        made.withLock { $0 = (clip, result) }
        return result
    }
}
