/// A property animation of numbers or geometry stored as plain Doubles (`LayerStateSlot`):
/// the common case, evaluated without building a value or touching the heap. The render
/// tree keeps these inline in its track list.
struct SlotAnimation: Sendable {
    let curve: Curve<SIMD4<Double>>
    let slot: LayerStateSlot
    let additive: Bool
    let cumulative: Bool

    /// Writes the value at `position` into `state` (added to what is there when additive).
    func apply(at position: Timing.Position, duration: Double, committed: UnsafePointer<LayerState>,
               to state: UnsafeMutablePointer<LayerState>) {
        guard let value = value(at: position, duration: duration, committed: committed) else { return }
        slot.store(value, adding: additive, into: state)
    }

    /// The value at `position`; a missing from or to value is the committed value, read from `committed`.
    func value(at position: Timing.Position, duration: Double, committed: UnsafePointer<LayerState>) -> SIMD4<Double>? {
        let base = curve.needsBase ? slot.load(from: committed) : nil
        return curve.value(at: position, duration: duration, cumulative: cumulative, base: base)
    }
}
