/// Several animations run together in the group's time, as Core Animation's
/// `CAAnimationGroup`. Children's times are relative to the group's start, they are cut
/// off at the group's duration, and only the group's delegate is told anything.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copy() }
    }
}
