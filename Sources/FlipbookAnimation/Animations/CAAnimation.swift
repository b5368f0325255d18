
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

extension NSNull: CAAction {
    /// `NSNull` as an action does nothing: the "no action" answer.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
