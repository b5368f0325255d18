/// The values of a `CAEmitterCell`, what the cell holds and what an emitter layer's state
/// carries into the render tree. A cell's values are captured when the cells are given to
/// the layer (as on Apple's platforms, later changes to the cell object only count once
/// made through the layer's `emitterCells.NAME.KEY` key paths), and its animatable values
/// can be animated through those key paths.
struct EmitterCellState: @unchecked Sendable {
    var name: String?
    var isEnabled = true
    var birthRate: Double = 0
    var lifetime: Double = 0
    var lifetimeRange: Double = 0
    var emissionLatitude: Double = 0
    var emissionLongitude: Double = 0
    var emissionRange: Double = 0
    var velocity: Double = 0
    var velocityRange: Double = 0
    var xAcceleration: Double = 0
    var yAcceleration: Double = 0
    var zAcceleration: Double = 0
    var scale: Double = 1
    var scaleRange: Double = 0
    var scaleSpeed: Double = 0
    var spin: Double = 0
    var spinRange: Double = 0
    /// Straight extended-sRGB components, as `LayerState` keeps colours.
    var color: SIMD4<Double>? = [1, 1, 1, 1]
    var redRange: Double = 0
    var greenRange: Double = 0
    var blueRange: Double = 0
    var alphaRange: Double = 0
    var redSpeed: Double = 0
    var greenSpeed: Double = 0
    var blueSpeed: Double = 0
    var alphaSpeed: Double = 0
    var contents: AnyObject?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: Double = 1
    var minificationFilter: CALayerContentsFilter = .linear
    var magnificationFilter: CALayerContentsFilter = .linear
    var minificationFilterBias: Double = 0
    var timing = Timing()
    /// The cells each particle of this cell emits.
    var emitterCells: [EmitterCellState] = []

    /// Number-valued properties by key, all animatable.
    static let numbers: [String: WritableKeyPath<EmitterCellState, Double> & Sendable] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "emissionLatitude": \.emissionLatitude, "emissionLongitude": \.emissionLongitude, "emissionRange": \.emissionRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange, "xAcceleration": \.xAcceleration,
        "yAcceleration": \.yAcceleration, "zAcceleration": \.zAcceleration, "scale": \.scale, "scaleRange": \.scaleRange,
        "scaleSpeed": \.scaleSpeed, "spin": \.spin, "spinRange": \.spinRange,
        "redRange": \.redRange, "greenRange": \.greenRange, "blueRange": \.blueRange, "alphaRange": \.alphaRange,
        "redSpeed": \.redSpeed, "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
        "contentsScale": \.contentsScale, "minificationFilterBias": \.minificationFilterBias,
    ]

    /// Whether cells have a property named `key` (one `value(forKey:)` answers).
    static func hasKey(_ key: String) -> Bool { EmitterCellState().value(forKey: key) != nil }

    /// The kind of value an animatable key holds; nil for a key that cannot be animated.
    static func animatableKind(of key: String) -> LayerProperty.Kind? {
        if numbers[key] != nil { return .number }
        switch key {
        case "enabled", "isEnabled": return .number
        case "color": return .color
        case "contentsRect": return .rect
        default: return nil
        }
    }

    /// The value of a property by key (numbers, booleans as 0 or 1, colours, rects, the
    /// name and contents); nil for a key cells do not have.
    func value(forKey key: String) -> AnimatableValue? {
        if let number = Self.numbers[key] { return .number(self[keyPath: number]) }
        switch key {
        case "name": return .string(name)
        case "enabled", "isEnabled": return .number(isEnabled ? 1 : 0)
        case "color": return .color(color)
        case "contents": return .object(contents)
        case "contentsRect": return .rect(contentsRect)
        default: return nil
        }
    }

    /// Sets a property by key; false when cells have no such key or the value does not fit.
    mutating func setValue(_ value: AnimatableValue, forKey key: String) -> Bool {
        if let number = Self.numbers[key] {
            guard case .number(let v) = value else { return false }
            self[keyPath: number] = v
            return true
        }
        switch (key, value) {
        case ("enabled", .number(let v)), ("isEnabled", .number(let v)): isEnabled = v != 0
        case ("name", .string(let v)): name = v
        case ("color", .color(let v)): color = v
        case ("color", .object(nil)): color = nil
        case ("contents", .object(let v)): contents = v
        case ("contentsRect", .rect(let v)): contentsRect = v
        default: return false
        }
        return true
    }

    /// The cell reached through `names` (each the name of a cell among the previous one's
    /// `emitterCells`, the first among `cells`).
    static func cell(at names: ArraySlice<String>, in cells: [EmitterCellState]) -> EmitterCellState? {
        guard let first = names.first, let cell = cells.first(where: { $0.name == first }) else { return nil }
        return names.count == 1 ? cell : Self.cell(at: names.dropFirst(), in: cell.emitterCells)
    }

    /// Replaces the cell reached through `names` by `update`'s result; false when there is
    /// no such cell or `update` fails.
    static func update(at names: ArraySlice<String>, in cells: inout [EmitterCellState],
                       _ update: (inout EmitterCellState) -> Bool) -> Bool {
        guard let first = names.first, let index = cells.firstIndex(where: { $0.name == first }) else { return false }
        if names.count == 1 { return update(&cells[index]) }
        return Self.update(at: names.dropFirst(), in: &cells[index].emitterCells, update)
    }
}

/// An emitter layer's cells as the layer state holds them: immutable and shared, so
/// copying a state or putting it back costs no copy of the cells.
final class EmitterCellList: @unchecked Sendable {
    let cells: [EmitterCellState]

    init(_ cells: [EmitterCellState]) {
        self.cells = cells
    }
}
