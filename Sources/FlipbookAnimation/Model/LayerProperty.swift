/// The animatable properties of Core Animation's layers, named as their key paths.
enum LayerProperty: String, CaseIterable, Sendable {
    // CALayer
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case hidden, doubleSided, masksToBounds, contents, contentsRect, contentsCenter, contentsScale
    case backgroundColor, cornerRadius, borderWidth, borderColor, opacity
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    // CAShapeLayer
    case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, lineDashPattern, strokeStart, strokeEnd
    // CAGradientLayer
    case colors, locations, startPoint, endPoint
    // CAReplicatorLayer
    case instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // CATextLayer
    case fontSize, foregroundColor
    // CAEmitterLayer
    case emitterPosition, emitterZPosition, emitterSize, emitterDepth, birthRate, lifetime
    case velocity, scale, spin
    /// Animated only through a cell's property (`emitterCells.NAME.birthRate`).
    case emitterCells

    /// The property a key names when it can be animated by that key alone (every case
    /// but `emitterCells`, whose cells' properties are animated instead).
    init?(animatable key: String) {
        guard let property = LayerProperty(rawValue: key), property != .emitterCells else { return nil }
        self = property
    }

    /// The kinds of value a property holds.
    enum Kind: Sendable {
        case number, point, size, rect, color, transform, path, array, object

        /// Whether `value` is of this kind (nil fits optional kinds).
        func accepts(_ value: AnimatableValue) -> Bool {
            switch (self, value) {
            case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
                 (.transform, .transform), (.path, .path), (.array, .array), (.object, .object), (.object, .crossFade):
                return true
            case (.color, .object(nil)), (.path, .object(nil)), (.array, .object(nil)):
                return true
            default:
                return false
            }
        }
    }

    var kind: Kind {
        switch self {
        case .bounds, .contentsRect, .contentsCenter: return .rect
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition: return .point
        case .shadowOffset, .emitterSize: return .size
        case .transform, .sublayerTransform, .instanceTransform: return .transform
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .instanceColor, .foregroundColor:
            return .color
        case .shadowPath, .path: return .path
        case .lineDashPattern, .colors, .locations: return .array
        case .contents, .emitterCells: return .object
        default: return .number
        }
    }

    /// Whether `value` is of this property's kind (nil fits optional properties).
    func accepts(_ value: AnimatableValue) -> Bool { kind.accepts(value) }
}
