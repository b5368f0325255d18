
/// A layer that draws a path, as Core Animation's `CAShapeLayer`. The fill is opaque
/// black by default (seed 004: "black unless set"); the stroke is none.
open class CAShapeLayer: CALayer {
    open var fillRule: CAShapeLayerFillRule = .nonZero { didSet { markChanged() } }
    open var lineCap: CAShapeLayerLineCap = .butt { didSet { markChanged() } }
    open var lineJoin: CAShapeLayerLineJoin = .miter { didSet { markChanged() } }

    override var attributesKind: LayerAttributes.Kind {
        .shape(fillRule: fillRule == .evenOdd ? .evenOdd : .winding,
               lineCap: lineCap == .round ? .round : lineCap == .square ? .square : .butt,
               lineJoin: lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter)
    }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAShapeLayer else { return }
        fillRule = other.fillRule
        lineCap = other.lineCap
        lineJoin = other.lineJoin
    }

    open var path: CGPath? {
        get { state.path }
        set { setValue(.path(newValue?.copy() ?? newValue), for: .path) }
    }
    open var fillColor: CGColor? {
        get { Self.color(state.fillColor) }
        set { setValue(Self.colorValue(newValue), for: .fillColor) }
    }
    open var strokeColor: CGColor? {
        get { Self.color(state.strokeColor) }
        set { setValue(Self.colorValue(newValue), for: .strokeColor) }
    }
    open var lineWidth: CGFloat {
        get { CGFloat(state.lineWidth) }
        set { setValue(.number(Double(newValue)), for: .lineWidth) }
    }
    open var miterLimit: CGFloat {
        get { CGFloat(state.miterLimit) }
        set { setValue(.number(Double(newValue)), for: .miterLimit) }
    }
    open var lineDashPhase: CGFloat {
        get { CGFloat(state.lineDashPhase) }
        set { setValue(.number(Double(newValue)), for: .lineDashPhase) }
    }
    open var lineDashPattern: [NSNumber]? {
        get { state.lineDashPattern?.map { NSNumber(value: $0) } }
        set { setValue(newValue.map { .array($0.map { .number($0.doubleValue) }) } ?? .object(nil), for: .lineDashPattern) }
    }
    /// Where the stroke starts along the path, 0…1.
    open var strokeStart: CGFloat {
        get { CGFloat(state.strokeStart) }
        set { setValue(.number(Double(newValue)), for: .strokeStart) }
    }
    /// Where the stroke ends along the path, 0…1.
    open var strokeEnd: CGFloat {
        get { CGFloat(state.strokeEnd) }
        set { setValue(.number(Double(newValue)), for: .strokeEnd) }
    }
}
