/// A property animation of one field of a transform (`transform.rotation.z`,
/// `transform.scale.x`…): numbers set in the transform's parts (`DecomposedTransform`),
/// taken apart once and never boxed. The render tree keeps these inline in its track list.
struct TransformFieldAnimation: Sendable {
    let curve: Curve<SIMD4<Double>>
    let field: LayerKeyPath.Field
    /// The transform the field belongs to (`transform`, `sublayerTransform`…).
    let property: LayerProperty
    let additive: Bool
    let cumulative: Bool

    /// Sets the field at `position` in `state`'s transform (added to the field's value there
    /// when additive); a missing from or to value is the committed one. Nothing when the
    /// transform cannot be taken apart.
    func apply(at position: Timing.Position, duration: Double, committed: UnsafePointer<LayerState>,
               to state: UnsafeMutablePointer<LayerState>) {
        guard let value = curve.value(at: position, duration: duration, cumulative: cumulative,
                                      base: curve.needsBase ? DecomposedTransform(committed[transform: property], zeroScales: true)?[field]?.vector : nil)
        else { return }
        // Decomposed once: reading the field and writing it back each took it apart.
        guard var parts = DecomposedTransform(state[transform: property], zeroScales: true), let underneath = parts[field],
              let current = underneath.vector,
              let fieldValue = underneath.withVector(additive ? value + current : value), parts.set(field, to: fieldValue)
        else { return }
        state[transform: property] = parts.matrix
    }
}
