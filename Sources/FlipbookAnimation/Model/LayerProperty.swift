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

    /// The kind of value the property holds.
    var kind: Kind { description.kind }

    /// Where the property is stored as plain Doubles; nil for booleans, colours, transforms
    /// and properties holding references.
    var slot: LayerStateSlot? { description.slot }

    /// What the framework knows of the property (see `LayerPropertyDescription`).
    var description: LayerPropertyDescription { Self.descriptions[ordinal] }

    /// The descriptions in the order of the cases, so finding one is an index, not a hash
    /// of the property's name (evaluation reads them for every animation, every frame).
    private static let descriptions: [LayerPropertyDescription] = {
        precondition(MemoryLayout<LayerProperty>.size == 1 && allCases.enumerated().allSatisfy { $1.ordinal == $0 },
                     "a LayerProperty is stored as its case's position")
        return allCases.map { $0.describe() }
    }()

    /// The case's position in `allCases`: what a payload-free enum of fewer than 256 cases
    /// is stored as (checked once, when `descriptions` is made).
    private var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// Each property's field in `LayerState` and the kind of value it holds: the one place
    /// that says so.
    private func describe() -> LayerPropertyDescription {
        switch self {
        case .bounds: .rect(\.bounds)
        case .position: .point(\.position)
        case .zPosition: .number(\.zPosition)
        case .anchorPoint: .point(\.anchorPoint)
        case .anchorPointZ: .number(\.anchorPointZ)
        case .transform: .transform(\.transform)
        case .sublayerTransform: .transform(\.sublayerTransform)
        case .hidden: .flag(\.isHidden)
        case .doubleSided: .flag(\.isDoubleSided)
        case .masksToBounds: .flag(\.masksToBounds)
        case .contents: .object(\.contents)
        case .contentsRect: .rect(\.contentsRect)
        case .contentsCenter: .rect(\.contentsCenter)
        case .contentsScale: .number(\.contentsScale)
        case .backgroundColor: .color(\.backgroundColor)
        case .cornerRadius: .number(\.cornerRadius)
        case .borderWidth: .number(\.borderWidth)
        case .borderColor: .color(\.borderColor)
        case .opacity: .number(\.opacity)
        case .shadowColor: .color(\.shadowColor)
        case .shadowOpacity: .number(\.shadowOpacity)
        case .shadowOffset: .size(\.shadowOffset)
        case .shadowRadius: .number(\.shadowRadius)
        case .shadowPath: .path(\.shadowPath)
        case .path: .path(\.path)
        case .fillColor: .color(\.fillColor)
        case .strokeColor: .color(\.strokeColor)
        case .lineWidth: .number(\.lineWidth)
        case .miterLimit: .number(\.miterLimit)
        case .lineDashPhase: .number(\.lineDashPhase)
        case .lineDashPattern: .numbers(\.lineDashPattern)
        case .strokeStart: .number(\.strokeStart)
        case .strokeEnd: .number(\.strokeEnd)
        case .colors: .colors(\.colors)
        case .locations: .numbers(\.locations)
        case .startPoint: .point(\.startPoint)
        case .endPoint: .point(\.endPoint)
        case .instanceDelay: .number(\.instanceDelay)
        case .instanceTransform: .transform(\.instanceTransform)
        case .instanceColor: .color(\.instanceColor)
        case .instanceRedOffset: .lane(0, of: \.instanceOffsets)
        case .instanceGreenOffset: .lane(1, of: \.instanceOffsets)
        case .instanceBlueOffset: .lane(2, of: \.instanceOffsets)
        case .instanceAlphaOffset: .lane(3, of: \.instanceOffsets)
        case .fontSize: .number(\.fontSize)
        case .foregroundColor: .color(\.foregroundColor)
        case .emitterPosition: .point(\.emitterPosition)
        case .emitterZPosition: .number(\.emitterZPosition)
        case .emitterSize: .size(\.emitterSize)
        case .emitterDepth: .number(\.emitterDepth)
        case .birthRate: .number(\.birthRate)
        case .lifetime: .number(\.lifetime)
        case .velocity: .number(\.velocity)
        case .scale: .number(\.scale)
        case .spin: .number(\.spin)
        case .emitterCells: .cells
        }
    }

    /// Whether `value` is of this property's kind (nil fits optional properties).
    func accepts(_ value: AnimatableValue) -> Bool { kind.accepts(value) }
}
