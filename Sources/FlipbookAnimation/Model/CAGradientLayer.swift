/// A layer filled with a gradient, as Core Animation's `CAGradientLayer`. Points are in
/// the unit square of the bounds; the default runs top to bottom.
open class CAGradientLayer: CALayer {
    open var type: CAGradientLayerType = .axial { didSet { markChanged() } }

    /// Where a radial gradient's colours begin, in the space where its ellipse is the unit
    /// circle about the origin: nil (the default) its centre, as Core Animation draws it.
    /// Not Apple's API: the Lottie player draws a radial gradient's highlight with it
    /// (a focal point, as SVG's `fx`/`fy` and canvas's two-circle gradients have).
    package var radialFocus: CGPoint? { didSet { markChanged() } }

    override var attributesKind: LayerAttributes.Kind { .gradient(LayerAttributes.GradientShape(type), focus: radialFocus) }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { (type, radialFocus) = (other.type, other.radialFocus) }
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
