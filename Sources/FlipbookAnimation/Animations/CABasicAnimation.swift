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
