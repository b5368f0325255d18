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

    /// A property's value as an `AnimatableValue`.
    subscript(property: LayerProperty) -> AnimatableValue {
        get {
            switch property {
            case .bounds: return .rect(bounds)
            case .position: return .point(position)
            case .zPosition: return .number(zPosition)
            case .anchorPoint: return .point(anchorPoint)
            case .anchorPointZ: return .number(anchorPointZ)
            case .transform: return .transform(transform)
            case .sublayerTransform: return .transform(sublayerTransform)
            case .hidden: return .number(isHidden ? 1 : 0)
            case .doubleSided: return .number(isDoubleSided ? 1 : 0)
            case .masksToBounds: return .number(masksToBounds ? 1 : 0)
            case .contents: return .object(contents)
            case .contentsRect: return .rect(contentsRect)
            case .contentsCenter: return .rect(contentsCenter)
            case .contentsScale: return .number(contentsScale)
            case .backgroundColor: return .color(backgroundColor)
            case .cornerRadius: return .number(cornerRadius)
            case .borderWidth: return .number(borderWidth)
            case .borderColor: return .color(borderColor)
            case .opacity: return .number(opacity)
            case .shadowColor: return .color(shadowColor)
            case .shadowOpacity: return .number(shadowOpacity)
            case .shadowOffset: return .size(shadowOffset)
            case .shadowRadius: return .number(shadowRadius)
            case .shadowPath: return .path(shadowPath)
            case .path: return .path(path)
            case .fillColor: return .color(fillColor)
            case .strokeColor: return .color(strokeColor)
            case .lineWidth: return .number(lineWidth)
            case .miterLimit: return .number(miterLimit)
            case .lineDashPhase: return .number(lineDashPhase)
            case .lineDashPattern: return lineDashPattern.map { .array($0.map { .number($0) }) } ?? .object(nil)
            case .strokeStart: return .number(strokeStart)
            case .strokeEnd: return .number(strokeEnd)
            case .colors: return colors.map { .array($0.map { .color($0) }) } ?? .object(nil)
            case .locations: return locations.map { .array($0.map { .number($0) }) } ?? .object(nil)
            case .startPoint: return .point(startPoint)
            case .endPoint: return .point(endPoint)
            case .instanceDelay: return .number(instanceDelay)
            case .instanceTransform: return .transform(instanceTransform)
            case .instanceColor: return .color(instanceColor)
            case .instanceRedOffset: return .number(instanceOffsets.x)
            case .instanceGreenOffset: return .number(instanceOffsets.y)
            case .instanceBlueOffset: return .number(instanceOffsets.z)
            case .instanceAlphaOffset: return .number(instanceOffsets.w)
            case .fontSize: return .number(fontSize)
            case .foregroundColor: return .color(foregroundColor)
            case .emitterPosition: return .point(emitterPosition)
            case .emitterZPosition: return .number(emitterZPosition)
            case .emitterSize: return .size(emitterSize)
            case .emitterDepth: return .number(emitterDepth)
            case .birthRate: return .number(birthRate)
            case .lifetime: return .number(lifetime)
            case .velocity: return .number(velocity)
            case .scale: return .number(scale)
            case .spin: return .number(spin)
            case .emitterCells: return .object(emitterCells)
            }
        }
        set {
            // Callers check the kind first (`LayerProperty.accepts`); a mismatch is ignored.
            switch (property, newValue) {
            case (.bounds, .rect(let v)): bounds = v
            case (.position, .point(let v)): position = v
            case (.zPosition, .number(let v)): zPosition = v
            case (.anchorPoint, .point(let v)): anchorPoint = v
            case (.anchorPointZ, .number(let v)): anchorPointZ = v
            case (.transform, .transform(let v)): transform = v
            case (.sublayerTransform, .transform(let v)): sublayerTransform = v
            case (.hidden, .number(let v)): isHidden = v >= 0.5
            case (.doubleSided, .number(let v)): isDoubleSided = v >= 0.5
            case (.masksToBounds, .number(let v)): masksToBounds = v >= 0.5
            case (.contents, .object(let v)): contents = v
            case (.contents, .crossFade(_, let to, let f)): contents = f < 0.5 ? contents : to
            case (.contentsRect, .rect(let v)): contentsRect = v
            case (.contentsCenter, .rect(let v)): contentsCenter = v
            case (.contentsScale, .number(let v)): contentsScale = v
            case (.backgroundColor, _): if let c = Self.color(newValue) { backgroundColor = c }
            case (.cornerRadius, .number(let v)): cornerRadius = v
            case (.borderWidth, .number(let v)): borderWidth = v
            case (.borderColor, _): if let c = Self.color(newValue) { borderColor = c }
            case (.opacity, .number(let v)): opacity = v
            case (.shadowColor, _): if let c = Self.color(newValue) { shadowColor = c }
            case (.shadowOpacity, .number(let v)): shadowOpacity = v
            case (.shadowOffset, .size(let v)): shadowOffset = v
            case (.shadowRadius, .number(let v)): shadowRadius = v
            case (.shadowPath, _): if let p = Self.path(newValue) { shadowPath = p }
            case (.path, _): if let p = Self.path(newValue) { path = p }
            case (.fillColor, _): if let c = Self.color(newValue) { fillColor = c }
            case (.strokeColor, _): if let c = Self.color(newValue) { strokeColor = c }
            case (.lineWidth, .number(let v)): lineWidth = v
            case (.miterLimit, .number(let v)): miterLimit = v
            case (.lineDashPhase, .number(let v)): lineDashPhase = v
            case (.lineDashPattern, _): lineDashPattern = Self.numbers(newValue)
            case (.strokeStart, .number(let v)): strokeStart = v
            case (.strokeEnd, .number(let v)): strokeEnd = v
            case (.colors, .array(let items)): colors = items.map { Self.color($0) ?? nil }
            case (.colors, .object(nil)): colors = nil
            case (.locations, _): locations = Self.numbers(newValue)
            case (.startPoint, .point(let v)): startPoint = v
            case (.endPoint, .point(let v)): endPoint = v
            case (.instanceDelay, .number(let v)): instanceDelay = v
            case (.instanceTransform, .transform(let v)): instanceTransform = v
            case (.instanceColor, _): if let c = Self.color(newValue) { instanceColor = c }
            case (.instanceRedOffset, .number(let v)): instanceOffsets.x = v
            case (.instanceGreenOffset, .number(let v)): instanceOffsets.y = v
            case (.instanceBlueOffset, .number(let v)): instanceOffsets.z = v
            case (.instanceAlphaOffset, .number(let v)): instanceOffsets.w = v
            case (.fontSize, .number(let v)): fontSize = v
            case (.foregroundColor, _): if let c = Self.color(newValue) { foregroundColor = c }
            case (.emitterPosition, .point(let v)): emitterPosition = v
            case (.emitterZPosition, .number(let v)): emitterZPosition = v
            case (.emitterSize, .size(let v)): emitterSize = v
            case (.emitterDepth, .number(let v)): emitterDepth = v
            case (.birthRate, .number(let v)): birthRate = v
            case (.lifetime, .number(let v)): lifetime = v
            case (.velocity, .number(let v)): velocity = v
            case (.scale, .number(let v)): scale = v
            case (.spin, .number(let v)): spin = v
            case (.emitterCells, .object(let v)): emitterCells = v as? EmitterCellList
            default: break
            }
        }
    }

    /// A transform-valued property (`transform`, `sublayerTransform`, `instanceTransform`),
    /// read and written without boxing it in an `AnimatableValue`. Callers pass only those
    /// three (their key paths' kind is `.transform`); any other reads the layer transform.
    subscript(transform property: LayerProperty) -> CATransform3D {
        get {
            switch property {
            case .sublayerTransform: return sublayerTransform
            case .instanceTransform: return instanceTransform
            default: return transform
            }
        }
        set {
            switch property {
            case .sublayerTransform: sublayerTransform = newValue
            case .instanceTransform: instanceTransform = newValue
            default: transform = newValue
            }
        }
    }

    /// A colour value, `.some(nil)` for "no colour", nil when the value is not a colour.
    private static func color(_ value: AnimatableValue) -> SIMD4<Double>?? {
        switch value {
        case .color(let c): return .some(c)
        case .object(nil): return .some(nil)
        default: return nil
        }
    }

    private static func path(_ value: AnimatableValue) -> CGPath?? {
        switch value {
        case .path(let p): return .some(p)
        case .object(nil): return .some(nil)
        default: return nil
        }
    }

    private static func numbers(_ value: AnimatableValue) -> [Double]? {
        guard case .array(let items) = value else { return nil }
        return items.compactMap(\.number)
    }
}

extension LayerState {
    /// Whether the layer paints a background: a colour with some alpha.
    var showsBackground: Bool { (backgroundColor?.w ?? 0) > 0 }

    /// Whether the layer paints a border: some width in a colour with some alpha.
    var showsBorder: Bool { borderWidth > 0 && (borderColor?.w ?? 0) > 0 }
}
