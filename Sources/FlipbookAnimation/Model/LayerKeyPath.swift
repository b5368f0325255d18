/// A key path as Core Animation accepts it: an optional route through named sublayers and
/// masks (`sublayers.NAME.`, `mask.`), a property, and optionally one of its fields
/// (`position.x`, `bounds.size.width`, `transform.rotation.z`, `shadowOffset.height`…).
struct LayerKeyPath: Hashable, Sendable {
    /// One step to another layer.
    enum Hop: Hashable, Sendable {
        case sublayer(named: String)
        case mask
    }

    /// A part of a property's value.
    enum Field: String, Hashable, Sendable {
        case x, y, width, height
        case origin, size, originX = "origin.x", originY = "origin.y"
        case sizeWidth = "size.width", sizeHeight = "size.height"
        case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
        case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale = "scale"
        case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
        case translation

        /// `transform.rotation` is the rotation about z.
        static let aliases: [String: Field] = ["rotation": .rotationZ]

        func applies(to kind: LayerProperty.Kind) -> Bool {
            switch self {
            case .x, .y: return kind == .point
            case .width, .height: return kind == .size
            case .origin, .size, .originX, .originY, .sizeWidth, .sizeHeight: return kind == .rect
            default: return kind == .transform
            }
        }
    }

    /// An emitter cell's property: `emitterCells.NAME[.emitterCells.NAME…].KEY`.
    struct CellPath: Hashable, Sendable {
        /// The cell names, outermost first.
        var names: [String]
        var key: String
        var kind: LayerProperty.Kind
    }

    var hops: [Hop] = []
    var property: LayerProperty
    var field: Field?
    /// Set for a cell's property; `property` is then `.emitterCells`.
    var cell: CellPath?

    /// Parses `string`; nil when it names no animatable property or field.
    init?(_ string: String) {
        var parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var hops: [Hop] = []
        while let first = parts.first {
            if first == "sublayers", parts.count > 2 {
                hops.append(.sublayer(named: parts[1]))
                parts.removeFirst(2)
            } else if first == "mask", parts.count > 1 {
                hops.append(.mask)
                parts.removeFirst()
            } else {
                break
            }
        }
        if parts.first == "emitterCells" {
            var names: [String] = []
            while parts.count > 2, parts[0] == "emitterCells" {
                names.append(parts[1])
                parts.removeFirst(2)
            }
            guard !names.isEmpty, parts.count == 1, let kind = EmitterCellState.animatableKind(of: parts[0]) else { return nil }
            self.hops = hops
            property = .emitterCells
            cell = CellPath(names: names, key: parts[0], kind: kind)
            return
        }
        guard let name = parts.first, let property = LayerProperty(animatable: name) else { return nil }
        self.hops = hops
        self.property = property
        let rest = parts.dropFirst().joined(separator: ".")
        if !rest.isEmpty {
            guard let field = Field(rawValue: rest) ?? Field.aliases[rest], field.applies(to: property.kind) else { return nil }
            self.field = field
        }
    }

    /// The kind of value this key path animates: the property's, or its field's.
    var kind: LayerProperty.Kind {
        if let cell { return cell.kind }
        switch field {
        case nil: return property.kind
        case .origin: return .point
        case .size, .translation: return .size
        default: return .number
        }
    }

    /// Reads the key path's value out of the property's value.
    func read(from value: AnimatableValue) -> AnimatableValue? {
        if let cell {
            guard case .object(let list as EmitterCellList) = value else { return nil }
            return EmitterCellState.cell(at: cell.names[...], in: list.cells)?.value(forKey: cell.key)
        }
        guard let field else { return value }
        switch (field, value) {
        case (.x, .point(let p)): return .number(Double(p.x))
        case (.y, .point(let p)): return .number(Double(p.y))
        case (.width, .size(let s)): return .number(Double(s.width))
        case (.height, .size(let s)): return .number(Double(s.height))
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.originX, .rect(let r)): return .number(Double(r.origin.x))
        case (.originY, .rect(let r)): return .number(Double(r.origin.y))
        case (.sizeWidth, .rect(let r)): return .number(Double(r.size.width))
        case (.sizeHeight, .rect(let r)): return .number(Double(r.size.height))
        case (_, .transform(let t)): return DecomposedTransform(t, zeroScales: true)?[field]
        default: return nil
        }
    }

    /// The property's value with this key path's field replaced by `fieldValue`; nil when
    /// the two do not fit together.
    func write(_ fieldValue: AnimatableValue, into value: AnimatableValue) -> AnimatableValue? {
        if let cell {
            guard case .object(let list as EmitterCellList) = value else { return nil }
            var cells = list.cells
            guard EmitterCellState.update(at: cell.names[...], in: &cells, { $0.setValue(fieldValue, forKey: cell.key) })
            else { return nil }
            return .object(EmitterCellList(cells))
        }
        guard let field else { return fieldValue }
        switch (field, value, fieldValue) {
        case (.x, .point(var p), .number(let v)): p.x = CGFloat(v); return .point(p)
        case (.y, .point(var p), .number(let v)): p.y = CGFloat(v); return .point(p)
        case (.width, .size(var s), .number(let v)): s.width = CGFloat(v); return .size(s)
        case (.height, .size(var s), .number(let v)): s.height = CGFloat(v); return .size(s)
        case (.origin, .rect(var r), .point(let p)): r.origin = p; return .rect(r)
        case (.size, .rect(var r), .size(let s)): r.size = s; return .rect(r)
        case (.originX, .rect(var r), .number(let v)): r.origin.x = CGFloat(v); return .rect(r)
        case (.originY, .rect(var r), .number(let v)): r.origin.y = CGFloat(v); return .rect(r)
        case (.sizeWidth, .rect(var r), .number(let v)): r.size.width = CGFloat(v); return .rect(r)
        case (.sizeHeight, .rect(var r), .number(let v)): r.size.height = CGFloat(v); return .rect(r)
        case (_, .transform(let t), _):
            guard var parts = DecomposedTransform(t, zeroScales: true), parts.set(field, to: fieldValue) else { return nil }
            return .transform(parts.matrix)
        default: return nil
        }
    }

    /// Whether `value` fits this key path (numbers for number fields, and so on).
    func accepts(_ value: AnimatableValue) -> Bool {
        if field == nil { return kind.accepts(value) }
        switch (kind, value) {
        case (.number, .number), (.point, .point), (.size, .size): return true
        default: return false
        }
    }
}
