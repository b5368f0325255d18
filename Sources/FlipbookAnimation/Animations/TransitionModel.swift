/// A `CATransition` as the render tree holds it: its kind, its progress range and the
/// picture it starts from. Core Animation transitions from a still image of the layer as
/// it was before the transaction to the layer as it is now (animations included); here the
/// still image is the layer's committed subtree captured at commit, which the renderer
/// draws at the capture time.
final class TransitionModel: @unchecked Sendable {
    /// The layer's subtree as committed before the transaction, and when that was.
    struct Capture: Sendable {
        let before: RenderTree
        let time: Double
    }

    let type: CATransitionType
    let subtype: CATransitionSubtype?
    let startProgress: Double
    let endProgress: Double
    /// A Core Image filter that draws the blend (used once FlipbookFilters exists).
    let filter: Any?
    /// Nil when the layer had never been committed: it transitions in from nothing.
    let capture: Capture?

    init(_ transition: CATransition, before capture: Capture?) {
        type = transition.type
        subtype = transition.subtype
        func fraction(_ value: Float, _ name: String, _ fallback: Double) -> Double {
            guard value.isFinite, (0...1).contains(value) else {
                AnimationDiagnostics.report("CATransition \(name) \(value) is outside 0…1; using \(fallback)")
                return fallback
            }
            return Double(value)
        }
        startProgress = fraction(transition.startProgress, "startProgress", 0)
        endProgress = fraction(transition.endProgress, "endProgress", 1)
        filter = transition.filter
        self.capture = capture
    }

    /// The progress at `position` in an iteration of `duration` seconds: from
    /// `startProgress` to `endProgress` as the (eased) time runs through the iteration.
    func progress(at position: Timing.Position, duration: Double) -> Double {
        let fraction = duration > 0 ? position.time / duration : 1
        return startProgress + (endProgress - startProgress) * fraction
    }
}
