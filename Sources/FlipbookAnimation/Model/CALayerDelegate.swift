/// Answers a layer's questions about drawing, layout and actions, as Core Animation's
/// `CALayerDelegate`. Every method is optional. Not bound to the main actor, as in Core
/// Animation; `UIView`, the usual delegate, answers on the main actor.
public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's contents directly; takes precedence over `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into a context the size of its bounds.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for a property change: nil to continue the search, `NSNull()` for none.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
    /// Whether the delegate implements `display(_:)`.
    var implementsDisplay: Bool { get }
    /// Whether the delegate implements `draw(_:in:)`.
    var implementsDraw: Bool { get }
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {}
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    public var implementsDisplay: Bool { false }
    public var implementsDraw: Bool { false }
}
