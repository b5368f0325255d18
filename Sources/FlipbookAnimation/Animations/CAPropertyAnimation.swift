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
