/// Where a number, point, size or rect (or a field of one) is stored inside `LayerState`:
/// `count` Doubles side by side from byte `offset`, in the order of `AnimatableValue.vector`.
/// The render tree reads, writes and resets animated values there directly, without
/// building an `AnimatableValue` or copying a whole layer's state.
struct LayerStateSlot: Hashable, Sendable {
    let offset: Int
    let count: Int

    /// The Doubles of the slot in `state`, as a vector (unused lanes 0).
    func load(from state: UnsafePointer<LayerState>) -> SIMD4<Double> {
        let raw = UnsafeRawPointer(state) + offset
        var vector = SIMD4<Double>.zero
        for lane in 0..<count { vector[lane] = raw.load(fromByteOffset: 8 * lane, as: Double.self) }
        return vector
    }

    /// Writes `vector` into the slot, added to what is there when `adding`.
    func store(_ vector: SIMD4<Double>, adding: Bool, into state: UnsafeMutablePointer<LayerState>) {
        let raw = UnsafeMutableRawPointer(state) + offset
        for lane in 0..<count {
            let underneath = adding ? raw.load(fromByteOffset: 8 * lane, as: Double.self) : 0
            raw.storeBytes(of: underneath + vector[lane], toByteOffset: 8 * lane, as: Double.self)
        }
    }

    /// The part of this slot's value that is one of its fields, `lanes` Doubles from `lane`.
    func field(lane: Int, count: Int) -> LayerStateSlot {
        LayerStateSlot(offset: offset + 8 * lane, count: count)
    }
}

extension LayerKeyPath {
    /// Where the key path's value is stored as plain Doubles in the target layer's state;
    /// nil when it is not (booleans, colours, transforms and their fields, references).
    var slot: LayerStateSlot? {
        guard let whole = property.slot else { return nil }
        switch field {
        case nil: return whole
        case .x, .width, .originX: return whole.field(lane: 0, count: 1)
        case .y, .height, .originY: return whole.field(lane: 1, count: 1)
        case .origin: return whole.field(lane: 0, count: 2)
        case .size: return whole.field(lane: 2, count: 2)
        case .sizeWidth: return whole.field(lane: 2, count: 1)
        case .sizeHeight: return whole.field(lane: 3, count: 1)
        default: return nil
        }
    }
}
