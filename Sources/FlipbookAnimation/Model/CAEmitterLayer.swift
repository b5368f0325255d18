
/// A layer that emits particles described by its cells, as Core Animation's
/// `CAEmitterLayer`. The layer's rates and scales multiply every cell's. Particles are
/// deterministic for a given `seed`.
open class CAEmitterLayer: CALayer {
    /// The kinds of particle emitted. Their values are captured when set (the render tree
    /// and `value(forKeyPath:)` read the captured values); change them afterwards through
    /// `setValue(_:forKeyPath:)` with `emitterCells.NAME.KEY`.
    open var emitterCells: [CAEmitterCell]? {
        didSet {
            captureCells()
            markChanged()
        }
    }
    open var emitterShape: CAEmitterLayerEmitterShape = .point { didSet { markChanged() } }
    open var emitterMode: CAEmitterLayerEmitterMode = .volume { didSet { markChanged() } }
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { markChanged() } }
    open var preservesDepth = false { didSet { markChanged() } }
    open var seed: UInt32 = 0 { didSet { markChanged() } }

    /// When the layer was first committed: particles are born from then on.
    private var emissionStart: CFTimeInterval?

    override var attributesKind: LayerAttributes.Kind {
        // Read at commit: the first commit starts the emission clock.
        let start = emissionStart ?? CACurrentMediaTime()
        emissionStart = start
        return .emitter(shape: emitterShape, mode: emitterMode, renderMode: renderMode, preservesDepth: preservesDepth,
                        seed: seed, emissionStart: start)
    }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        emitterCells = other.emitterCells
        emitterShape = other.emitterShape
        emitterMode = other.emitterMode
        renderMode = other.renderMode
        preservesDepth = other.preservesDepth
        seed = other.seed
    }

    /// Takes the cells' current values into the layer's state.
    func captureCells() {
        state.emitterCells = emitterCells.map { EmitterCellList($0.map(\.state)) }
    }

    open var emitterPosition: CGPoint {
        get { state.emitterPosition }
        set { setValue(.point(newValue), for: .emitterPosition) }
    }
    open var emitterZPosition: CGFloat {
        get { CGFloat(state.emitterZPosition) }
        set { setValue(.number(Double(newValue)), for: .emitterZPosition) }
    }
    open var emitterSize: CGSize {
        get { state.emitterSize }
        set { setValue(.size(newValue), for: .emitterSize) }
    }
    open var emitterDepth: CGFloat {
        get { CGFloat(state.emitterDepth) }
        set { setValue(.number(Double(newValue)), for: .emitterDepth) }
    }
    open var birthRate: Float {
        get { Float(state.birthRate) }
        set { setValue(.number(Double(newValue)), for: .birthRate) }
    }
    open var lifetime: Float {
        get { Float(state.lifetime) }
        set { setValue(.number(Double(newValue)), for: .lifetime) }
    }
    open var velocity: Float {
        get { Float(state.velocity) }
        set { setValue(.number(Double(newValue)), for: .velocity) }
    }
    open var scale: Float {
        get { Float(state.scale) }
        set { setValue(.number(Double(newValue)), for: .scale) }
    }
    open var spin: Float {
        get { Float(state.spin) }
        set { setValue(.number(Double(newValue)), for: .spin) }
    }
}
