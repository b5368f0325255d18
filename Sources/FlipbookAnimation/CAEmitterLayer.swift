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
@MainActor
open class CAEmitterLayer: CALayer {
    open var emitterCells: [CAEmitterCell]? { didSet { markChanged() } }
    open var emitterShape: CAEmitterLayerEmitterShape = .point { didSet { markChanged() } }
    open var emitterMode: CAEmitterLayerEmitterMode = .volume { didSet { markChanged() } }
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { markChanged() } }
    open var preservesDepth = false { didSet { markChanged() } }
    open var seed: UInt32 = 0 { didSet { markChanged() } }

    public override init() { super.init() }

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
@MainActor
open class CAEmitterCell: CAMediaTiming {
    open var name: String?
    open var isEnabled = true
    open var birthRate: Float = 0
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    open var emissionLatitude: CGFloat = 0
    open var emissionLongitude: CGFloat = 0
    open var emissionRange: CGFloat = 0
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    open var color: CGColor? = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    /// The particle's image (a `CGImage`).
    open var contents: Any?
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsScale: CGFloat = 1
    open var minificationFilter: CALayerContentsFilter = .linear
    open var magnificationFilter: CALayerContentsFilter = .linear
    open var minificationFilterBias: Float = 0
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

    /// The value of a property by its name (`"birthRate"`, `"color"`…), numbers as
    /// `CGFloat`; nil for a key the cell does not have.
    open func value(forKey key: String) -> Any? {
        if let number = Self.cgFloats[key] { return self[keyPath: number] }
        if let number = Self.floats[key] { return CGFloat(self[keyPath: number]) }
        switch key {
        case "name": return name
        case "enabled", "isEnabled": return isEnabled
        case "color": return color
        case "contents": return contents
        case "contentsRect": return contentsRect
        case "emitterCells": return emitterCells
        default: return nil
        }
    }

    /// Sets a property by its name; false when the cell has no such key or the value does
    /// not fit it.
    @discardableResult
    open func setValue(_ value: Any?, forKey key: String) -> Bool {
        let converted = AnimatableValue(any: value)
        if let path = Self.cgFloats[key] {
            guard case .number(let v) = converted else { return false }
            self[keyPath: path] = CGFloat(v)
            return true
        }
        if let path = Self.floats[key] {
            guard case .number(let v) = converted else { return false }
            self[keyPath: path] = Float(v)
            return true
        }
        switch (key, converted) {
        case ("enabled", .number(let v)), ("isEnabled", .number(let v)): isEnabled = v != 0
        case ("name", .string(let v)): name = v
        case ("color", .color), ("color", .object(nil)): color = value as? CGColor
        case ("contents", _): contents = value
        case ("contentsRect", .rect(let v)): contentsRect = v
        default: return false
        }
        return true
    }

    /// Whether the cell has a property named `key`.
    static func hasKey(_ key: String) -> Bool {
        cgFloats[key] != nil || floats[key] != nil
            || ["name", "enabled", "isEnabled", "color", "contents", "contentsRect", "emitterCells"].contains(key)
    }

    /// Number-valued properties by key.
    private static let cgFloats: [String: ReferenceWritableKeyPath<CAEmitterCell, CGFloat>] = [
        "emissionLatitude": \.emissionLatitude, "emissionLongitude": \.emissionLongitude, "emissionRange": \.emissionRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange, "xAcceleration": \.xAcceleration,
        "yAcceleration": \.yAcceleration, "zAcceleration": \.zAcceleration, "scale": \.scale, "scaleRange": \.scaleRange,
        "scaleSpeed": \.scaleSpeed, "spin": \.spin, "spinRange": \.spinRange, "contentsScale": \.contentsScale,
    ]
    private static let floats: [String: ReferenceWritableKeyPath<CAEmitterCell, Float>] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "redRange": \.redRange, "greenRange": \.greenRange, "blueRange": \.blueRange, "alphaRange": \.alphaRange,
        "redSpeed": \.redSpeed, "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
    ]

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
