
/// An animation through a sequence of values or along a path, as Core Animation's
/// `CAKeyframeAnimation`.
///
/// `keyTimes` (fractions of the duration, 0 first and 1 last, one per value, or one more
/// than the values for `.discrete`) place the keyframes; without valid keyTimes they are
/// evenly spaced. `timingFunctions` ease each segment. A `path` takes precedence over
/// `values`; each of its elements after a move is one keyframe segment.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }
}
