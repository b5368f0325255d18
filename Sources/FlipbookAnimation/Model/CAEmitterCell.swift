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
