/// The values of a layer's animatable properties: what the model layer holds and what the
/// render tree copies. Colours are kept as straight extended-sRGB components.
struct LayerState: @unchecked Sendable {
    // The values most often animated come first, so animating them touches few cache lines.
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var zPosition: Double = 0
    var anchorPointZ: Double = 0
    var opacity: Double = 1
    var cornerRadius: Double = 0
    var borderWidth: Double = 0
    var shadowOpacity: Double = 0
    var shadowRadius: Double = 3
    var shadowOffset = CGSize(width: 0, height: -3)
    var backgroundColor: SIMD4<Double>?
    var borderColor: SIMD4<Double>? = [0, 0, 0, 1]
    var shadowColor: SIMD4<Double>? = [0, 0, 0, 1]
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var isHidden = false
    var isDoubleSided = true
    var masksToBounds = false
    var contents: AnyObject?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: Double = 1
    var shadowPath: CGPath?

    var path: CGPath?
    var fillColor: SIMD4<Double>? = [0, 0, 0, 1]
    var strokeColor: SIMD4<Double>?
    var lineWidth: Double = 1
    var miterLimit: Double = 10
    var lineDashPhase: Double = 0
    var lineDashPattern: [Double]?
    var strokeStart: Double = 0
    var strokeEnd: Double = 1

    var colors: [SIMD4<Double>?]?
    var locations: [Double]?
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)

    var instanceDelay: Double = 0
    var instanceTransform = CATransform3DIdentity
    var instanceColor: SIMD4<Double>? = [1, 1, 1, 1]
    var instanceOffsets = SIMD4<Double>(0, 0, 0, 0)

    var fontSize: Double = 36
    var foregroundColor: SIMD4<Double>? = [1, 1, 1, 1]

    var emitterPosition = CGPoint.zero
    var emitterZPosition: Double = 0
    var emitterSize = CGSize.zero
    var emitterDepth: Double = 0
    var birthRate: Double = 1
    var lifetime: Double = 1
    var velocity: Double = 1
    var scale: Double = 1
    var spin: Double = 1
    /// An emitter layer's cells, captured when they were set.
    var emitterCells: EmitterCellList?

    /// A property's value as an `AnimatableValue` (as its description reads and writes it).
    /// Reading copies the state; `UnsafePointer<LayerState>`'s subscript reads in place.
    subscript(property: LayerProperty) -> AnimatableValue {
        get { withUnsafePointer(to: self) { property.description.read($0) } }
        set { property.description.write(&self, newValue) }
    }

    /// Where a transform-valued property (`transform`, `sublayerTransform`,
    /// `instanceTransform`) is kept; any other property gives the layer transform's place.
    static func offset(ofTransform property: LayerProperty) -> Int {
        property.description.transformOffset ?? MemoryLayout<LayerState>.offset(of: \.transform)!
    }
}

extension UnsafePointer<LayerState> {
    /// A property's value in the state pointed at, read in place.
    subscript(property: LayerProperty) -> AnimatableValue { property.description.read(self) }

    /// A transform-valued property, read in place without boxing it in an `AnimatableValue`.
    /// Callers pass only those (their key paths' kind is `.transform`); any other reads the
    /// layer transform.
    subscript(transform property: LayerProperty) -> CATransform3D {
        UnsafeRawPointer(self).load(fromByteOffset: LayerState.offset(ofTransform: property), as: CATransform3D.self)
    }
}

extension UnsafeMutablePointer<LayerState> {
    /// A transform-valued property, read and written in place (`UnsafePointer`'s subscript).
    subscript(transform property: LayerProperty) -> CATransform3D {
        get { UnsafePointer(self)[transform: property] }
        nonmutating set {
            UnsafeMutableRawPointer(self).storeBytes(of: newValue, toByteOffset: LayerState.offset(ofTransform: property),
                                                     as: CATransform3D.self)
        }
    }
}

extension LayerState {
    /// Whether the layer paints a background: a colour with some alpha.
    var showsBackground: Bool { (backgroundColor?.w ?? 0) > 0 }

    /// Whether the layer paints a border: some width in a colour with some alpha.
    var showsBorder: Bool { borderWidth > 0 && (borderColor?.w ?? 0) > 0 }
    /// Whether the layer casts a shadow: some shadow opacity, in some colour.
    var castsShadow: Bool { shadowOpacity > 0 && shadowColor != nil }

    /// The shadow's colour with `shadowOpacity` applied; nil for none.
    var shadowCGColor: CGColor? {
        guard var color = shadowColor else { return nil }
        color.w *= shadowOpacity
        return AnimatableValue.cgColor(color)
    }
}
