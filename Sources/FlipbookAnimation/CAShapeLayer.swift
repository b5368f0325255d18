/// The fill rule of a shape layer.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The cap of a shape layer's stroke ends.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The join of a shape layer's stroke corners.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path, as Core Animation's `CAShapeLayer`. The fill is opaque
/// black by default (seed 004: "black unless set"); the stroke is none.
open class CAShapeLayer: CALayer {
    open var fillRule: CAShapeLayerFillRule = .nonZero { didSet { markChanged() } }
    open var lineCap: CAShapeLayerLineCap = .butt { didSet { markChanged() } }
    open var lineJoin: CAShapeLayerLineJoin = .miter { didSet { markChanged() } }

    override var attributesKind: LayerAttributes.Kind { .shape(fillRule: fillRule, lineCap: lineCap, lineJoin: lineJoin) }

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

/// The kind of gradient a gradient layer draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer filled with a gradient, as Core Animation's `CAGradientLayer`. Points are in
/// the unit square of the bounds; the default runs top to bottom.
open class CAGradientLayer: CALayer {
    open var type: CAGradientLayerType = .axial { didSet { markChanged() } }

    override var attributesKind: LayerAttributes.Kind { .gradient(type) }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { type = other.type }
    }

    /// The colours, as `CGColor`s.
    open var colors: [Any]? {
        get { state.colors?.map { Self.color($0) as Any } }
        set {
            guard let newValue else { setValue(.object(nil), for: .colors); return }
            let colors = newValue.compactMap { $0 as? CGColor }
            if colors.count != newValue.count {
                AnimationDiagnostics.report("CAGradientLayer.colors holds values that are not CGColor; they are skipped")
            }
            setValue(.array(colors.map { Self.colorValue($0) }), for: .colors)
        }
    }
    /// Where each colour sits, 0…1; nil spreads them evenly.
    open var locations: [NSNumber]? {
        get { state.locations?.map { NSNumber(value: $0) } }
        set { setValue(newValue.map { .array($0.map { .number($0.doubleValue) }) } ?? .object(nil), for: .locations) }
    }
    open var startPoint: CGPoint {
        get { state.startPoint }
        set { setValue(.point(newValue), for: .startPoint) }
    }
    open var endPoint: CGPoint {
        get { state.endPoint }
        set { setValue(.point(newValue), for: .endPoint) }
    }
}

/// A layer that draws its sublayers several times, each copy transformed, delayed and
/// tinted a step further, as Core Animation's `CAReplicatorLayer`.
open class CAReplicatorLayer: CALayer {
    /// How many copies, the original included (1 by default; below 0 counts as 0).
    open var instanceCount: Int = 1 { didSet { markChanged() } }
    /// Whether the instances share the layer's parent's 3-D space, depth-sorted with each
    /// other, instead of being flattened into its plane in instance order. As Apple puts
    /// it, the layer then behaves like a `CATransformLayer`: it draws nothing of its own.
    open var preservesDepth = false { didSet { markChanged() } }

    override var attributesKind: LayerAttributes.Kind { .replicator(instanceCount: instanceCount, preservesDepth: preservesDepth) }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        preservesDepth = other.preservesDepth
    }

    open var instanceDelay: CFTimeInterval {
        get { state.instanceDelay }
        set { setValue(.number(newValue), for: .instanceDelay) }
    }
    open var instanceTransform: CATransform3D {
        get { state.instanceTransform }
        set { setValue(.transform(newValue), for: .instanceTransform) }
    }
    open var instanceColor: CGColor? {
        get { Self.color(state.instanceColor) }
        set { setValue(Self.colorValue(newValue), for: .instanceColor) }
    }
    open var instanceRedOffset: Float {
        get { Float(state.instanceOffsets.x) }
        set { setValue(.number(Double(newValue)), for: .instanceRedOffset) }
    }
    open var instanceGreenOffset: Float {
        get { Float(state.instanceOffsets.y) }
        set { setValue(.number(Double(newValue)), for: .instanceGreenOffset) }
    }
    open var instanceBlueOffset: Float {
        get { Float(state.instanceOffsets.z) }
        set { setValue(.number(Double(newValue)), for: .instanceBlueOffset) }
    }
    open var instanceAlphaOffset: Float {
        get { Float(state.instanceOffsets.w) }
        set { setValue(.number(Double(newValue)), for: .instanceAlphaOffset) }
    }
}

/// A layer whose sublayers share its 3-D space instead of being flattened into its
/// plane, as Core Animation's `CATransformLayer`. It draws nothing of its own.
open class CATransformLayer: CALayer {
    override var attributesKind: LayerAttributes.Kind { .transformLayer }
}
