/// Where a flag or a colour is stored inside `LayerState`, which a `LayerStateSlot` (plain
/// Doubles) cannot hold: an animation of one reads and writes its vector in place, as
/// `AnimatableValue.vector` gives it and `withVector` makes it, without boxing the value.
enum LayerStateFlagOrColor: Hashable, Sendable {
    /// A `Bool` at this byte offset: 1 or 0, set when the vector's first lane is ½ or more.
    case flag(offset: Int)
    /// A `SIMD4<Double>?` at this byte offset: no colour reads as zero.
    case color(offset: Int)

    /// The value in `state` as `AnimatableValue.vector` gives it.
    func load(from state: UnsafePointer<LayerState>) -> SIMD4<Double> {
        switch self {
        case .flag(let offset):
            return SIMD4(UnsafeRawPointer(state).load(fromByteOffset: offset, as: Bool.self) ? 1 : 0, 0, 0, 0)
        case .color(let offset):
            return UnsafeRawPointer(state).load(fromByteOffset: offset, as: SIMD4<Double>?.self) ?? .zero
        }
    }

    /// Copies the field's value from `source` to `target` as it is (no colour stays none).
    func copy(from source: UnsafePointer<LayerState>, to target: UnsafeMutablePointer<LayerState>) {
        func copyValue<T>(_: T.Type, at offset: Int) {
            UnsafeMutableRawPointer(target).storeBytes(of: UnsafeRawPointer(source).load(fromByteOffset: offset, as: T.self),
                                                       toByteOffset: offset, as: T.self)
        }
        switch self {
        case .flag(let offset): copyValue(Bool.self, at: offset)
        case .color(let offset): copyValue(SIMD4<Double>?.self, at: offset)
        }
    }

    /// Writes `vector` into `state` as `AnimatableValue.withVector` makes a value of it (a
    /// colour is then never none).
    func store(_ vector: SIMD4<Double>, into state: UnsafeMutablePointer<LayerState>) {
        switch self {
        case .flag(let offset):
            UnsafeMutableRawPointer(state).storeBytes(of: vector.x >= 0.5, toByteOffset: offset, as: Bool.self)
        case .color(let offset):
            UnsafeMutableRawPointer(state).storeBytes(of: Optional(vector), toByteOffset: offset, as: SIMD4<Double>?.self)
        }
    }
}
