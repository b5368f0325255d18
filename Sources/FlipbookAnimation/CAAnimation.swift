/// Receives the start and stop of an animation, as Core Animation's `CAAnimationDelegate`.
/// Core Animation calls it on the main thread; here it is bound to the main actor, so a
/// view controller that conforms compiles under Swift 6 as it is.
@MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation begins its active duration.
    func animationDidStart(_ anim: CAAnimation)
    /// Called when the animation ends (`flag` true) or is removed before it ends (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of every animation, as Core Animation's `CAAnimation`.
///
/// `layer.add(_:forKey:)` takes a copy, so changing an animation after adding it changes
/// nothing on screen. A `duration` of 0 or less means the enclosing transaction's
/// `animationDuration` (0.25 s by default).
open class CAAnimation: CAMediaTiming, CAAction {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    /// How the elapsed fraction maps to progress; nil is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops. As in Core Animation, the animation keeps
    /// a strong reference to it.
    open var delegate: (any CAAnimationDelegate)?
    /// Whether the animation leaves its layer when it ends (true by default). With false
    /// and a forwards fill mode, the final state stays on screen.
    open var isRemovedOnCompletion = true

    public required init() {}

    /// A copy with every property, as `copy()` gives on Apple's platforms.
    open func copy() -> CAAnimation {
        let copy = Self.init()
        copy.copyProperties(from: self)
        return copy
    }

    /// Copies this class's properties from `other`; subclasses add theirs and call super.
    open func copyProperties(from other: CAAnimation) {
        copyTiming(from: other)
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
    }

    /// Default values of properties, by key (none here, as on Apple's platforms).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Runs the animation as a layer action: adds it to the layer for the key.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// An animation of one key path, as Core Animation's `CAPropertyAnimation`.
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path, such as `"opacity"`, `"position.x"` or `"transform.rotation.z"`.
    open var keyPath: String?
    /// Whether the animated value is added to the layer's current value.
    open var isAdditive = false
    /// Whether each repeat starts where the previous one ended.
    open var isCumulative = false
    /// Turns the animated numbers into a transform (see `CAValueFunction`).
    open var valueFunction: CAValueFunction?

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }
}

/// An animation from one value to another, as Core Animation's `CABasicAnimation`.
///
/// | set            | animates from              | to                         |
/// |----------------|----------------------------|----------------------------|
/// | from, to       | fromValue                  | toValue                    |
/// | from, by       | fromValue                  | fromValue + byValue        |
/// | by, to         | toValue − byValue          | toValue                    |
/// | from           | fromValue                  | the current value          |
/// | to             | the current value          | toValue                    |
/// | by             | the current value          | current value + byValue    |
/// | none           | the previous value         | the current value          |
///
/// "The current value" is the layer's model value at each moment (as Core Animation does,
/// whatever its documentation says about the presentation layer); an additive animation
/// adds to the value underneath it, earlier animations included.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }
}

/// Turns animated numbers into transforms, as Core Animation's `CAValueFunction`.
public final class CAValueFunction: Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    public init?(name: CAValueFunctionName) {
        guard CAValueFunctionName.all.contains(name) else { return nil }
        self.name = name
    }

    /// The transform for `values` (one number for rotations and single-axis functions,
    /// three for `scale` and `translate`); nil when the count is wrong.
    func transform(_ values: [Double]) -> CATransform3D? {
        func one() -> CGFloat? { values.count == 1 ? CGFloat(values[0]) : nil }
        func three() -> (CGFloat, CGFloat, CGFloat)? {
            values.count == 3 ? (CGFloat(values[0]), CGFloat(values[1]), CGFloat(values[2])) : nil
        }
        switch name {
        case .rotateX: return one().map { CATransform3DMakeRotation($0, 1, 0, 0) }
        case .rotateY: return one().map { CATransform3DMakeRotation($0, 0, 1, 0) }
        case .rotateZ: return one().map { CATransform3DMakeRotation($0, 0, 0, 1) }
        case .scale: return three().map { CATransform3DMakeScale($0.0, $0.1, $0.2) }
        case .scaleX: return one().map { CATransform3DMakeScale($0, 1, 1) }
        case .scaleY: return one().map { CATransform3DMakeScale(1, $0, 1) }
        case .scaleZ: return one().map { CATransform3DMakeScale(1, 1, $0) }
        case .translate: return three().map { CATransform3DMakeTranslation($0.0, $0.1, $0.2) }
        case .translateX: return one().map { CATransform3DMakeTranslation($0, 0, 0) }
        case .translateY: return one().map { CATransform3DMakeTranslation(0, $0, 0) }
        default: return one().map { CATransform3DMakeTranslation(0, 0, $0) }
        }
    }
}

/// The value functions Core Animation offers.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")

    static let all: Set<CAValueFunctionName> = [rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ,
                                                translate, translateX, translateY, translateZ]
}

/// Something a layer runs when a property changes, as Core Animation's `CAAction`.
/// Return `NSNull()` from a delegate's `action(for:forKey:)` to stop the search.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// `NSNull` as an action does nothing: the "no action" answer.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
