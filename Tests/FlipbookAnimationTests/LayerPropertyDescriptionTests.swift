@testable import FlipbookAnimation
import Testing

/// Every animatable property is described once (`LayerProperty.description`), and what
/// the framework derives from that — defaults, kinds, reading and writing, slots — holds.
struct LayerPropertyDescriptionTests {
    /// Core Animation's documented defaults (Apple's CALayer, CAShapeLayer, CAGradientLayer,
    /// CAReplicatorLayer, CATextLayer and CAEmitterLayer references), through `defaultValue(forKey:)`.
    @Test(arguments: [
        ("opacity", 1.0), ("cornerRadius", 0), ("borderWidth", 0), ("shadowOpacity", 0), ("shadowRadius", 3),
        ("zPosition", 0), ("anchorPointZ", 0), ("contentsScale", 1), ("lineWidth", 1), ("miterLimit", 10),
        ("lineDashPhase", 0), ("strokeStart", 0), ("strokeEnd", 1), ("instanceDelay", 0), ("fontSize", 36),
        ("birthRate", 1), ("lifetime", 1), ("velocity", 1), ("scale", 1), ("spin", 1), ("emitterZPosition", 0),
        ("emitterDepth", 0), ("instanceRedOffset", 0), ("instanceAlphaOffset", 0),
    ])
    func numbersDefaultAsAppleDocuments(key: String, value: Double) {
        #expect(CALayer.defaultValue(forKey: key) as? CGFloat == CGFloat(value), "\(key)")
    }

    @Test func geometryAndFlagsDefaultAsAppleDocuments() {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "contentsRect") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(CALayer.defaultValue(forKey: "startPoint") as? CGPoint == CGPoint(x: 0.5, y: 0))
        #expect(CALayer.defaultValue(forKey: "endPoint") as? CGPoint == CGPoint(x: 0.5, y: 1))
        #expect(CALayer.defaultValue(forKey: "bounds") as? CGRect == .zero)
        #expect(LayerState()[.doubleSided] == .number(1) && LayerState()[.hidden] == .number(0))
        #expect(LayerState()[.masksToBounds] == .number(0))
        #expect(LayerState()[.borderColor] == .color([0, 0, 0, 1]) && LayerState()[.fillColor] == .color([0, 0, 0, 1]))
        #expect(LayerState()[.backgroundColor] == .color(nil) && LayerState()[.strokeColor] == .color(nil))
        #expect(LayerState()[.foregroundColor] == .color([1, 1, 1, 1]) && LayerState()[.instanceColor] == .color([1, 1, 1, 1]))
        #expect(LayerState()[.path] == .path(nil) && LayerState()[.colors] == .object(nil))
        #expect(LayerState()[.transform] == .transform(CATransform3DIdentity))
    }

    /// A value of each kind written is read back; one of another kind changes nothing.
    @Test(arguments: LayerProperty.allCases.filter { $0 != .emitterCells })
    func writesAreReadBack(property: LayerProperty) {
        let value: AnimatableValue = switch property.kind {
        case .number: property == .hidden || property == .doubleSided || property == .masksToBounds ? .number(1) : .number(0.25)
        case .point: .point(CGPoint(x: 3, y: -4))
        case .size: .size(CGSize(width: 5, height: 6))
        case .rect: .rect(CGRect(x: 1, y: 2, width: 3, height: 4))
        case .color: .color([0.1, 0.2, 0.3, 0.4])
        case .transform: .transform(CATransform3DMakeScale(2, 3, 1))
        case .path: .path(CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil))
        case .array: property == .colors ? .array([.color([1, 0, 0, 1]), .color(nil)]) : .array([.number(1), .number(2)])
        case .object: .object(CGColor(gray: 0.5, alpha: 1))
        }
        var state = LayerState()
        state[property] = value
        #expect(state[property] == value, "\(property)")
        var untouched = LayerState()
        let before = untouched[property]
        untouched[property] = .string("not a value of any property's kind")
        #expect(untouched[property] == before, "\(property)")
    }

    /// Exactly the numbers and geometry have slots, each over the Doubles its value is made
    /// of, and a value stored through the slot is the value read through the description.
    @Test(arguments: LayerProperty.allCases)
    func slotsHoldTheDoublesOfNumbersAndGeometry(property: LayerProperty) {
        let flags: Set<LayerProperty> = [.hidden, .doubleSided, .masksToBounds]
        let lanes: [LayerProperty.Kind: Int] = [.number: 1, .point: 2, .size: 2, .rect: 4]
        guard let count = lanes[property.kind], !flags.contains(property) else {
            #expect(property.slot == nil, "\(property)")
            return
        }
        let slot = property.slot
        #expect(slot?.count == count, "\(property)")
        var state = LayerState()
        withUnsafeMutablePointer(to: &state) { slot?.store([7, 8, 9, 10], adding: false, into: $0) }
        let expected: AnimatableValue = switch count {
        case 1: .number(7)
        case 2: property.kind == .point ? .point(CGPoint(x: 7, y: 8)) : .size(CGSize(width: 7, height: 8))
        default: .rect(CGRect(x: 7, y: 8, width: 9, height: 10))
        }
        #expect(state[property] == expected, "\(property)")
    }

    /// Each transform is written and read in its own place, and as the boxed subscript
    /// reads it; the others stay as they were.
    @Test func transformsAreReadAndWrittenUnboxed() {
        let properties = [LayerProperty.transform, .sublayerTransform, .instanceTransform]
        for (k, property) in properties.enumerated() {
            var state = LayerState()
            let scale = CATransform3DMakeScale(Double(k) + 2, 3, 1)
            withUnsafeMutablePointer(to: &state) { $0[transform: property] = scale }
            #expect(state[property] == .transform(scale), "\(property)")
            #expect(withUnsafePointer(to: state) { $0[transform: property] } == scale, "\(property)")
            for other in properties where other != property {
                #expect(state[other] == .transform(CATransform3DIdentity), "\(other)")
            }
        }
    }

    /// Read in place through a pointer (how evaluation reads them), properties of every
    /// kind have the values set in the state, references included.
    @Test func aPointerReadsTheValuesInPlace() {
        var state = LayerState()
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 6), transform: nil)
        state.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        state.opacity = 0.25
        state.fillColor = [0.1, 0.2, 0.3, 0.4]
        state.path = path
        state.lineDashPattern = [2, 3]
        state.isHidden = true
        state.sublayerTransform = CATransform3DMakeTranslation(7, 8, 9)
        let expected: [(LayerProperty, AnimatableValue)] = [
            (.bounds, .rect(CGRect(x: 1, y: 2, width: 3, height: 4))), (.opacity, .number(0.25)),
            (.fillColor, .color([0.1, 0.2, 0.3, 0.4])), (.path, .path(path)),
            (.lineDashPattern, .array([.number(2), .number(3)])), (.hidden, .number(1)),
            (.sublayerTransform, .transform(CATransform3DMakeTranslation(7, 8, 9))), (.contents, .object(nil)),
        ]
        withUnsafePointer(to: state) { pointer in
            for (property, value) in expected { #expect(pointer[property] == value, "\(property)") }
        }
    }

    /// The replicator's four colour offsets are the four lanes of one vector, in order.
    @Test func instanceOffsetsAreTheLanesOfOneVector() {
        var state = LayerState()
        let offsets: [LayerProperty] = [.instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset]
        for (k, property) in offsets.enumerated() { state[property] = .number(Double(k) / 10) }
        #expect(state.instanceOffsets == SIMD4(0, 0.1, 0.2, 0.3))
        let first = offsets[0].slot?.offset ?? 0
        #expect(offsets.map { ($0.slot?.offset ?? 0) - first } == [0, 8, 16, 24])
    }
}
