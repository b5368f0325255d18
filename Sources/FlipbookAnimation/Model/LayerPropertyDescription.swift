/// Everything the framework knows about one animatable property besides its name: the kind
/// of value it holds, where `LayerState` keeps it (its default is that field's initial
/// value), how it is read and written as an `AnimatableValue`, and, for numbers and
/// geometry, the slot of plain Doubles the render tree animates in place.
///
/// Each property is described once, in `LayerProperty.description`, by the field it lives
/// in; `LayerState`'s subscript, `LayerProperty.kind` and `LayerProperty.slot` all read the
/// description, so a new property is a case, a field and one line there.
struct LayerPropertyDescription: Sendable {
    let kind: LayerProperty.Kind
    /// Where the value is stored as plain Doubles; nil for booleans, colours, transforms
    /// and references.
    let slot: LayerStateSlot?
    /// Reads the value in place: handed the state itself, a closure would copy all of it
    /// (over a kilobyte) first.
    let read: @Sendable (UnsafePointer<LayerState>) -> AnimatableValue
    /// Writes a value of the property's kind; a value of another kind is ignored (callers
    /// check the kind first, `LayerProperty.accepts`).
    let write: @Sendable (inout LayerState, AnimatableValue) -> Void
    /// For a flag or a colour, where the state keeps it: animated in place, unboxed.
    var flagOrColor: LayerStateFlagOrColor?
    /// For a transform, where the state keeps it: read and written in place, without
    /// boxing it in an `AnimatableValue`.
    var transformOffset: Int?
    /// For a path, where the state keeps it: animated in place (`PathAnimation`).
    var pathOffset: Int?

    /// A reader of `field` through its offset in the state: a key path read copies the
    /// whole state first, every reference in it retained and released — a cost each
    /// animation paid every frame.
    private static func value<T>(of field: WritableKeyPath<LayerState, T>) -> @Sendable (UnsafePointer<LayerState>) -> T {
        let offset = MemoryLayout<LayerState>.offset(of: field)!
        return { UnsafeRawPointer($0).load(fromByteOffset: offset, as: T.self) }
    }

    /// The slot of a field of plain Doubles.
    private static func slot<T>(_ field: WritableKeyPath<LayerState, T>) -> LayerStateSlot {
        precondition(MemoryLayout<T>.size % 8 == 0, "a slot holds Doubles")
        return LayerStateSlot(offset: MemoryLayout<LayerState>.offset(of: field)!, count: MemoryLayout<T>.size / 8)
    }

    static func number(_ field: WritableKeyPath<LayerState, Double> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .number, slot: slot(field), read: { .number(get($0)) }) { state, value in
            if case .number(let v) = value { state[keyPath: field] = v }
        }
    }

    /// One lane of a vector of Doubles (the replicator's colour offsets).
    static func lane(_ lane: Int, of field: WritableKeyPath<LayerState, SIMD4<Double>> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .number, slot: slot(field).field(lane: lane, count: 1), read: { .number(get($0)[lane]) }) { state, value in
            if case .number(let v) = value { state[keyPath: field][lane] = v }
        }
    }

    /// A flag, animated as a number that switches at ½.
    static func flag(_ field: WritableKeyPath<LayerState, Bool> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .number, slot: nil, read: { .number(get($0) ? 1 : 0) }, write: { state, value in
            if case .number(let v) = value { state[keyPath: field] = v >= 0.5 }
        }, flagOrColor: .flag(offset: MemoryLayout<LayerState>.offset(of: field)!))
    }

    static func point(_ field: WritableKeyPath<LayerState, CGPoint> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .point, slot: slot(field), read: { .point(get($0)) }) { state, value in
            if case .point(let v) = value { state[keyPath: field] = v }
        }
    }

    static func size(_ field: WritableKeyPath<LayerState, CGSize> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .size, slot: slot(field), read: { .size(get($0)) }) { state, value in
            if case .size(let v) = value { state[keyPath: field] = v }
        }
    }

    static func rect(_ field: WritableKeyPath<LayerState, CGRect> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .rect, slot: slot(field), read: { .rect(get($0)) }) { state, value in
            if case .rect(let v) = value { state[keyPath: field] = v }
        }
    }

    static func transform(_ field: WritableKeyPath<LayerState, CATransform3D> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .transform, slot: nil, read: { .transform(get($0)) }, write: { state, value in
            if case .transform(let v) = value { state[keyPath: field] = v }
        }, transformOffset: MemoryLayout<LayerState>.offset(of: field)!)
    }

    /// A colour, or none (`nil` written as `.object(nil)`).
    static func color(_ field: WritableKeyPath<LayerState, SIMD4<Double>?> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .color, slot: nil, read: { .color(get($0)) }, write: { state, value in
            switch value {
            case .color(let c): state[keyPath: field] = c
            case .object(nil): state[keyPath: field] = nil
            default: break
            }
        }, flagOrColor: .color(offset: MemoryLayout<LayerState>.offset(of: field)!))
    }

    /// A path, or none.
    static func path(_ field: WritableKeyPath<LayerState, CGPath?> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .path, slot: nil, read: { .path(get($0)) }, write: { state, value in
            switch value {
            case .path(let p): state[keyPath: field] = p
            case .object(nil): state[keyPath: field] = nil
            default: break
            }
        }, pathOffset: MemoryLayout<LayerState>.offset(of: field)!)
    }

    /// An array of numbers, or none; items that are not numbers are dropped.
    static func numbers(_ field: WritableKeyPath<LayerState, [Double]?> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .array, slot: nil, read: { state in get(state).map { .array($0.map { .number($0) }) } ?? .object(nil) }) {
            state, value in
            switch value {
            case .array(let items): state[keyPath: field] = items.compactMap(\.number)
            default: state[keyPath: field] = nil
            }
        }
    }

    /// An array of colours, or none; an item that is not a colour is no colour.
    static func colors(_ field: WritableKeyPath<LayerState, [SIMD4<Double>?]?> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .array, slot: nil, read: { state in get(state).map { .array($0.map { .color($0) }) } ?? .object(nil) }) {
            state, value in
            switch value {
            case .array(let items):
                state[keyPath: field] = items.map { if case .color(let c) = $0 { c } else { nil } }
            case .object(nil): state[keyPath: field] = nil
            default: break
            }
        }
    }

    /// An object (`contents`): a cross-fade shows the old object until half way, then the new.
    static func object(_ field: WritableKeyPath<LayerState, AnyObject?> & Sendable) -> Self {
        let get = value(of: field)
        return Self(kind: .object, slot: nil, read: { .object(get($0)) }) { state, value in
            switch value {
            case .object(let v): state[keyPath: field] = v
            case .crossFade(_, let to, let f): if f >= 0.5 { state[keyPath: field] = to }
            default: break
            }
        }
    }

    /// An emitter layer's cells, captured when they were set (animated only through a
    /// cell's properties).
    static var cells: Self {
        Self(kind: .object, slot: nil, read: { .object($0.pointee.emitterCells) }) { state, value in
            if case .object(let v) = value { state.emitterCells = v as? EmitterCellList }
        }
    }
}
