/// The shape particles are emitted from.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter shape particles come from.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order and blending particles are drawn with.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A layer that emits particles described by its cells, as Core Animation's
/// `CAEmitterLayer`. The layer's rates and scales multiply every cell's. Particles are
/// deterministic for a given `seed`.
open class CAEmitterLayer: CALayer {
    /// The kinds of particle emitted. Their values are captured when set (the render tree
    /// and `value(forKeyPath:)` read the captured values); change them afterwards through
    /// `setValue(_:forKeyPath:)` with `emitterCells.NAME.KEY`.
    open var emitterCells: [CAEmitterCell]? {
        didSet {
            captureCells()
            markChanged()
        }
    }
    open var emitterShape: CAEmitterLayerEmitterShape = .point { didSet { markChanged() } }
    open var emitterMode: CAEmitterLayerEmitterMode = .volume { didSet { markChanged() } }
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { markChanged() } }
    open var preservesDepth = false { didSet { markChanged() } }
    open var seed: UInt32 = 0 { didSet { markChanged() } }

    /// When the layer was first committed: particles are born from then on.
    private var emissionStart: CFTimeInterval?

    override var attributesKind: LayerAttributes.Kind {
        // Read at commit: the first commit starts the emission clock.
        let start = emissionStart ?? CACurrentMediaTime()
        emissionStart = start
        return .emitter(shape: emitterShape, mode: emitterMode, renderMode: renderMode, preservesDepth: preservesDepth,
                        seed: seed, emissionStart: start)
    }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        emitterCells = other.emitterCells
        emitterShape = other.emitterShape
        emitterMode = other.emitterMode
        renderMode = other.renderMode
        preservesDepth = other.preservesDepth
        seed = other.seed
    }

    /// Takes the cells' current values into the layer's state.
    func captureCells() {
        state.emitterCells = emitterCells.map { EmitterCellList($0.map(\.state)) }
    }

    open var emitterPosition: CGPoint {
        get { state.emitterPosition }
        set { setValue(.point(newValue), for: .emitterPosition) }
    }
    open var emitterZPosition: CGFloat {
        get { CGFloat(state.emitterZPosition) }
        set { setValue(.number(Double(newValue)), for: .emitterZPosition) }
    }
    open var emitterSize: CGSize {
        get { state.emitterSize }
        set { setValue(.size(newValue), for: .emitterSize) }
    }
    open var emitterDepth: CGFloat {
        get { CGFloat(state.emitterDepth) }
        set { setValue(.number(Double(newValue)), for: .emitterDepth) }
    }
    open var birthRate: Float {
        get { Float(state.birthRate) }
        set { setValue(.number(Double(newValue)), for: .birthRate) }
    }
    open var lifetime: Float {
        get { Float(state.lifetime) }
        set { setValue(.number(Double(newValue)), for: .lifetime) }
    }
    open var velocity: Float {
        get { Float(state.velocity) }
        set { setValue(.number(Double(newValue)), for: .velocity) }
    }
    open var scale: Float {
        get { Float(state.scale) }
        set { setValue(.number(Double(newValue)), for: .scale) }
    }
    open var spin: Float {
        get { Float(state.spin) }
        set { setValue(.number(Double(newValue)), for: .spin) }
    }
}

/// One kind of particle an emitter layer makes, as Core Animation's `CAEmitterCell`.
/// Ranges spread each value uniformly around its mean; speeds change it per second.
/// An emitter layer captures its cells' values when they are given to it; change them
/// afterwards through the layer (`setValue(_:forKeyPath:)` with `emitterCells.NAME.KEY`),
/// where they can be animated too.
open class CAEmitterCell: CAMediaTiming {
    /// Every value but the cell's timing and sub-cells, kept as the render tree takes them.
    var values = EmitterCellState()

    open var name: String? { get { values.name } set { values.name = newValue } }
    open var isEnabled: Bool { get { values.isEnabled } set { values.isEnabled = newValue } }
    open var birthRate: Float { get { Float(values.birthRate) } set { values.birthRate = Double(newValue) } }
    open var lifetime: Float { get { Float(values.lifetime) } set { values.lifetime = Double(newValue) } }
    open var lifetimeRange: Float { get { Float(values.lifetimeRange) } set { values.lifetimeRange = Double(newValue) } }
    open var emissionLatitude: CGFloat {
        get { CGFloat(values.emissionLatitude) } set { values.emissionLatitude = Double(newValue) }
    }
    open var emissionLongitude: CGFloat {
        get { CGFloat(values.emissionLongitude) } set { values.emissionLongitude = Double(newValue) }
    }
    open var emissionRange: CGFloat { get { CGFloat(values.emissionRange) } set { values.emissionRange = Double(newValue) } }
    open var velocity: CGFloat { get { CGFloat(values.velocity) } set { values.velocity = Double(newValue) } }
    open var velocityRange: CGFloat { get { CGFloat(values.velocityRange) } set { values.velocityRange = Double(newValue) } }
    open var xAcceleration: CGFloat { get { CGFloat(values.xAcceleration) } set { values.xAcceleration = Double(newValue) } }
    open var yAcceleration: CGFloat { get { CGFloat(values.yAcceleration) } set { values.yAcceleration = Double(newValue) } }
    open var zAcceleration: CGFloat { get { CGFloat(values.zAcceleration) } set { values.zAcceleration = Double(newValue) } }
    open var scale: CGFloat { get { CGFloat(values.scale) } set { values.scale = Double(newValue) } }
    open var scaleRange: CGFloat { get { CGFloat(values.scaleRange) } set { values.scaleRange = Double(newValue) } }
    open var scaleSpeed: CGFloat { get { CGFloat(values.scaleSpeed) } set { values.scaleSpeed = Double(newValue) } }
    open var spin: CGFloat { get { CGFloat(values.spin) } set { values.spin = Double(newValue) } }
    open var spinRange: CGFloat { get { CGFloat(values.spinRange) } set { values.spinRange = Double(newValue) } }
    /// White by default; each particle's colour is this, spread by the ranges.
    open var color: CGColor? {
        get { CALayer.color(values.color) } set { values.color = newValue.flatMap(AnimatableValue.components(of:)) }
    }
    open var redRange: Float { get { Float(values.redRange) } set { values.redRange = Double(newValue) } }
    open var greenRange: Float { get { Float(values.greenRange) } set { values.greenRange = Double(newValue) } }
    open var blueRange: Float { get { Float(values.blueRange) } set { values.blueRange = Double(newValue) } }
    open var alphaRange: Float { get { Float(values.alphaRange) } set { values.alphaRange = Double(newValue) } }
    open var redSpeed: Float { get { Float(values.redSpeed) } set { values.redSpeed = Double(newValue) } }
    open var greenSpeed: Float { get { Float(values.greenSpeed) } set { values.greenSpeed = Double(newValue) } }
    open var blueSpeed: Float { get { Float(values.blueSpeed) } set { values.blueSpeed = Double(newValue) } }
    open var alphaSpeed: Float { get { Float(values.alphaSpeed) } set { values.alphaSpeed = Double(newValue) } }
    /// The particle's image (a `CGImage`).
    open var contents: Any? { get { values.contents } set { values.contents = newValue.map { $0 as AnyObject } } }
    open var contentsRect: CGRect { get { values.contentsRect } set { values.contentsRect = newValue } }
    open var contentsScale: CGFloat { get { CGFloat(values.contentsScale) } set { values.contentsScale = Double(newValue) } }
    open var minificationFilter: CALayerContentsFilter {
        get { values.minificationFilter } set { values.minificationFilter = newValue }
    }
    open var magnificationFilter: CALayerContentsFilter {
        get { values.magnificationFilter } set { values.magnificationFilter = newValue }
    }
    open var minificationFilterBias: Float {
        get { Float(values.minificationFilterBias) } set { values.minificationFilterBias = Double(newValue) }
    }
    /// Cells that each particle of this cell emits in turn.
    open var emitterCells: [CAEmitterCell]?
    open var style: [AnyHashable: Any]?

    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    public init() {}

    /// The cell's values with its timing and sub-cells, as an emitter layer captures them.
    var state: EmitterCellState {
        var state = values
        state.timing = mediaTiming
        state.emitterCells = (emitterCells ?? []).map(\.state)
        return state
    }

    /// The value of a property by its name (`"birthRate"`, `"color"`…), numbers as
    /// `CGFloat`; nil for a key the cell does not have.
    open func value(forKey key: String) -> Any? {
        if key == "emitterCells" { return emitterCells }
        return values.value(forKey: key)?.anyValue
    }

    /// Sets a property by its name; false when the cell has no such key or the value does
    /// not fit it.
    @discardableResult
    open func setValue(_ value: Any?, forKey key: String) -> Bool {
        if key == "emitterCells" {
            guard value == nil || value is [CAEmitterCell] else { return false }
            emitterCells = value as? [CAEmitterCell]
            return true
        }
        return values.setValue(AnimatableValue(any: value), forKey: key)
    }

    /// The default value of a property, by key.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "scale": return CGFloat(1)
        case "speed": return Float(1)
        case "isEnabled", "enabled": return true
        case "contentsScale": return CGFloat(1)
        default: return nil
        }
    }
}
