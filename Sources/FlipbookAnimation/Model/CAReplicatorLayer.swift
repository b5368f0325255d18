/// A layer that draws its sublayers several times, each copy transformed, delayed and
/// tinted a step further, as Core Animation's `CAReplicatorLayer`.
open class CAReplicatorLayer: CALayer {
    /// How many copies, the original included (1 by default; below 0 counts as 0).
    open var instanceCount: Int = 1 { didSet { markChanged() } }
    /// Whether the instances share the layer's parent's 3-D space, depth-sorted with each
    /// other, instead of being flattened into its plane in instance order. As Apple puts
    /// it, the layer then behaves like a `CATransformLayer`: it draws nothing of its own.
    open var preservesDepth = false { didSet { markChanged() } }

    override var attributesKind: LayerAttributes.Kind { .replicator(instanceCount: instanceCount, preservesDepth: preservesDepth) }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        preservesDepth = other.preservesDepth
    }

    open var instanceDelay: CFTimeInterval {
        get { state.instanceDelay }
        set { setValue(.number(newValue), for: .instanceDelay) }
    }
    open var instanceTransform: CATransform3D {
        get { state.instanceTransform }
        set { setValue(.transform(newValue), for: .instanceTransform) }
    }
    open var instanceColor: CGColor? {
        get { Self.color(state.instanceColor) }
        set { setValue(Self.colorValue(newValue), for: .instanceColor) }
    }
    open var instanceRedOffset: Float {
        get { Float(state.instanceOffsets.x) }
        set { setValue(.number(Double(newValue)), for: .instanceRedOffset) }
    }
    open var instanceGreenOffset: Float {
        get { Float(state.instanceOffsets.y) }
        set { setValue(.number(Double(newValue)), for: .instanceGreenOffset) }
    }
    open var instanceBlueOffset: Float {
        get { Float(state.instanceOffsets.z) }
        set { setValue(.number(Double(newValue)), for: .instanceBlueOffset) }
    }
    open var instanceAlphaOffset: Float {
        get { Float(state.instanceOffsets.w) }
        set { setValue(.number(Double(newValue)), for: .instanceAlphaOffset) }
    }
}
