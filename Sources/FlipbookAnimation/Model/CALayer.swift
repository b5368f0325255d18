
/// A rectangle of content in a tree of layers, with animatable properties, as Core
/// Animation's `CALayer`.
///
/// The layer you create and change is the model. Property changes are gathered in a
/// `CATransaction` and committed at the end of the host's tick; a change to a committed
/// layer runs its action, which by default is an implicit animation from the old value.
/// `presentation()` gives the values on screen at the current media time.
open class CALayer: CAMediaTiming {
    /// The model values.
    var state = LayerState()
    /// What the last commit handed to the render tree: nil until the layer is committed.
    var committed: CommittedLayer?
    /// The sublayers and mask as of the last commit: the render tree's structure.
    var committedSublayers: [CALayer] = []
    var committedMask: CALayer?
    /// The layer whose last commit listed this one as a sublayer or mask.
    weak var committedParent: CALayer?
    /// For a presentation copy, the model it shows.
    weak var modelLayer: CALayer?

    var sublayerStorage: [CALayer] = [] { didSet { treeChangedSinceCommit = true } }
    weak var superlayerStorage: CALayer?
    var maskStorage: CALayer? { didSet { treeChangedSinceCommit = true } }
    /// Whether the sublayers or mask changed since the last commit.
    var treeChangedSinceCommit = false
    /// Whether the current transaction lists the layer as changed.
    var isListedAsChanged = false
    /// The layer this layer masks, when it is one.
    weak var maskedLayer: CALayer?
    var animationStore: [AnimationRecord] = []
    var needsDisplayFlag = false
    var needsLayoutFlag = false
    /// Set when the base `draw(in:)` had no delegate to ask during the current `display()`.
    var baseDrawFoundNothing = false
    /// Whether the contents were set directly (not by `display()`).
    var contentsSetDirectly = false

    // MARK: CAMediaTiming (layer time: (parent − beginTime) · speed + timeOffset)
    open var beginTime: CFTimeInterval = 0 { didSet { timingChanged() } }
    open var duration: CFTimeInterval = 0 { didSet { timingChanged() } }
    open var speed: Float = 1 { didSet { timingChanged() } }
    open var timeOffset: CFTimeInterval = 0 { didSet { timingChanged() } }
    open var repeatCount: Float = 0 { didSet { timingChanged() } }
    open var repeatDuration: CFTimeInterval = 0 { didSet { timingChanged() } }
    open var autoreverses = false { didSet { timingChanged() } }
    open var fillMode: CAMediaTimingFillMode = .removed { didSet { timingChanged() } }

    // MARK: Properties that are not animated
    /// A name for `sublayers.NAME` key paths and for finding layers.
    open var name: String? {
        didSet { if name != oldValue { CATransaction.locked { CATransaction.noteStructureChanged() } } }
    }
    open weak var delegate: (any CALayerDelegate)?
    /// Actions by key; an `NSNull` value means "no action".
    open var actions: [String: any CAAction]?
    /// Default values and actions (under the key "actions") consulted after `actions`.
    open var style: [AnyHashable: Any]?
    /// Whether the layer's y axis points up (false by default, as on iOS).
    open var isGeometryFlipped = false { didSet { markChanged() } }
    open var contentsGravity: CALayerContentsGravity = .resize { didSet { markChanged() } }
    open var minificationFilter: CALayerContentsFilter = .linear { didSet { markChanged() } }
    open var magnificationFilter: CALayerContentsFilter = .linear { didSet { markChanged() } }
    open var minificationFilterBias: Float = 0
    /// Whether opacity applies to the layer and its sublayers as one group (true on iOS).
    open var allowsGroupOpacity = true { didSet { markChanged() } }
    /// How the layer (with its sublayers, as one group) composites with the content behind
    /// it: nil for source-over, else a Core Image compositing filter — a `CIFilter` or its
    /// name as iOS takes it, without "CI" and lowercase first (`"multiplyBlendMode"`,
    /// `"sourceOutCompositing"`). Flipbook draws the blend modes and the source-over, -in,
    /// -out, -atop and addition compositing filters; any other is drawn source-over, and said so.
    open var compositingFilter: Any? {
        didSet {
            CompositingFilter.check(compositingFilter)
            markChanged()
        }
    }
    /// Core Image filters applied to the layer's rendering (its content and sublayers)
    /// before its mask, opacity and compositing filter, as macOS has them (iOS ignores
    /// the property): `CIFilter`s or their names. Flipbook draws `CIMaskToAlpha`, which
    /// turns the rendering into white masked by its luminance (a luminance mask when the
    /// layer is a mask); any other filter is left out, and said so.
    open var filters: [Any]? {
        didSet {
            LayerFilters.check(filters)
            markChanged()
        }
    }
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                            .layerMinXMaxYCorner, .layerMaxXMaxYCorner] { didSet { markChanged() } }
    /// The layer's class and that class's properties that are not animated, as the
    /// renderer needs them; each subclass answers for itself.
    var attributesKind: LayerAttributes.Kind { .plain }
    /// Whether a bounds change marks the contents as needing display.
    open var needsDisplayOnBoundsChange = false
    open var isOpaque = false

    /// A layer with Core Animation's default values. Required, so that a layer class (a
    /// view's `layerClass`) can make one.
    public required init() {}

    /// A copy of `layer`'s properties, as Core Animation makes presentation layers.
    /// Subclasses that add stored properties override this and copy theirs.
    public required init(layer: Any) {
        guard let other = layer as? CALayer else { return }
        state = other.state
        name = other.name
        isGeometryFlipped = other.isGeometryFlipped
        contentsGravity = other.contentsGravity
        minificationFilter = other.minificationFilter
        magnificationFilter = other.magnificationFilter
        allowsGroupOpacity = other.allowsGroupOpacity
        compositingFilter = other.compositingFilter
        filters = other.filters
        maskedCorners = other.maskedCorners
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        // Assigned here rather than through `copyTiming(from:)`: in the initializer the
        // observers stay quiet, so a copy never joins a transaction.
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
    }

    /// Whether this is a presentation copy (`presentation()`): changes to it never animate
    /// or commit.
    var isPresentationCopy = false

    // MARK: Animatable properties
    open var bounds: CGRect {
        get { state.bounds }
        set { setValue(.rect(newValue), for: .bounds) }
    }
    open var position: CGPoint {
        get { state.position }
        set { setValue(.point(newValue), for: .position) }
    }
    open var zPosition: CGFloat {
        get { CGFloat(state.zPosition) }
        set { setValue(.number(Double(newValue)), for: .zPosition) }
    }
    open var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { setValue(.point(newValue), for: .anchorPoint) }
    }
    open var anchorPointZ: CGFloat {
        get { CGFloat(state.anchorPointZ) }
        set { setValue(.number(Double(newValue)), for: .anchorPointZ) }
    }
    open var transform: CATransform3D {
        get { state.transform }
        set { setValue(.transform(newValue), for: .transform) }
    }
    open var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { setValue(.transform(newValue), for: .sublayerTransform) }
    }
    open var isHidden: Bool {
        get { state.isHidden }
        set { setValue(.number(newValue ? 1 : 0), for: .hidden) }
    }
    open var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { setValue(.number(newValue ? 1 : 0), for: .doubleSided) }
    }
    open var masksToBounds: Bool {
        get { state.masksToBounds }
        set { setValue(.number(newValue ? 1 : 0), for: .masksToBounds) }
    }
    /// The layer's image (a `CGImage`); set directly, it wins over `display()` and `draw(in:)`.
    open var contents: Any? {
        get { state.contents }
        set {
            setValue(.object(newValue.map { $0 as AnyObject }), for: .contents)
            contentsSetDirectly = newValue != nil
        }
    }
    open var contentsRect: CGRect {
        get { state.contentsRect }
        set { setValue(.rect(newValue), for: .contentsRect) }
    }
    open var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { setValue(.rect(newValue), for: .contentsCenter) }
    }
    open var contentsScale: CGFloat {
        get { CGFloat(state.contentsScale) }
        set { setValue(.number(Double(newValue)), for: .contentsScale) }
    }
    open var backgroundColor: CGColor? {
        get { Self.color(state.backgroundColor) }
        set { setValue(Self.colorValue(newValue), for: .backgroundColor) }
    }
    open var cornerRadius: CGFloat {
        get { CGFloat(state.cornerRadius) }
        set { setValue(.number(Double(newValue)), for: .cornerRadius) }
    }
    open var borderWidth: CGFloat {
        get { CGFloat(state.borderWidth) }
        set { setValue(.number(Double(newValue)), for: .borderWidth) }
    }
    open var borderColor: CGColor? {
        get { Self.color(state.borderColor) }
        set { setValue(Self.colorValue(newValue), for: .borderColor) }
    }
    open var opacity: Float {
        get { Float(state.opacity) }
        set { setValue(.number(Double(newValue)), for: .opacity) }
    }
    open var shadowColor: CGColor? {
        get { Self.color(state.shadowColor) }
        set { setValue(Self.colorValue(newValue), for: .shadowColor) }
    }
    open var shadowOpacity: Float {
        get { Float(state.shadowOpacity) }
        set { setValue(.number(Double(newValue)), for: .shadowOpacity) }
    }
    open var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { setValue(.size(newValue), for: .shadowOffset) }
    }
    open var shadowRadius: CGFloat {
        get { CGFloat(state.shadowRadius) }
        set { setValue(.number(Double(newValue)), for: .shadowRadius) }
    }
    open var shadowPath: CGPath? {
        get { state.shadowPath }
        set { setValue(.path(newValue?.copy() ?? newValue), for: .shadowPath) }
    }

    /// The layer's rectangle in its superlayer: the bounding box of its bounds moved by
    /// position, anchor point and transform. Setting it sets position and bounds size
    /// (meaningful only while the transform is the identity, as on Apple's platforms).
    open var frame: CGRect {
        get {
            let size = bounds.size
            let m = CATransform3DGetAffineTransform(transform)
            let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height,
                               width: size.width, height: size.height)
            return local.applying(m).offsetBy(dx: position.x, dy: position.y)
        }
        set {
            guard newValue.origin.x.isFinite, newValue.origin.y.isFinite,
                  newValue.width.isFinite, newValue.height.isFinite else {
                AnimationDiagnostics.report("frame \(newValue) is not finite; ignored")
                return
            }
            let r = newValue.standardized
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
            bounds.size = r.size
        }
    }

    static func color(_ c: SIMD4<Double>?) -> CGColor? {
        c.map(AnimatableValue.cgColor)
    }

    static func colorValue(_ color: CGColor?) -> AnimatableValue {
        .color(color.flatMap { AnimatableValue.components(of: $0) })
    }

    // MARK: Changes

    /// Sets one model property: runs the property's action (implicit animation), marks
    /// the layer changed in the current transaction, and flags display or layout.
    func setValue(_ value: AnimatableValue, for property: LayerProperty) {
        if isPresentationCopy {
            state[property] = value
            return
        }
        let key = property.rawValue
        // A layer not yet committed takes only an action its delegate gives (a view in an
        // animation block animates as soon as it is added); no implicit animation.
        let action: (any CAAction)? = if CATransaction.disableActions() {
            nil
        } else if committed != nil {
            self.action(forKey: key)
        } else {
            delegate?.action(for: self, forKey: key).flatMap { $0 is NSNull ? nil : $0 }
        }
        let oldSize = property == .bounds ? state.bounds.size : nil
        state[property] = value
        markChanged()
        if let oldSize, oldSize != state.bounds.size {
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
            setNeedsLayout()
        }
        action?.run(forKey: key, object: self, arguments: nil)
    }

    /// Records that the layer changed in the current transaction.
    func markChanged() {
        guard !isPresentationCopy else { return }
        CATransaction.noteChanged(self)
    }

    private func timingChanged() {
        timingCache = nil
        markChanged()
    }

    /// The layer's own timing, resolved again only after a timing property changed.
    var timing: Timing {
        if let timingCache { return timingCache }
        let timing = mediaTiming
        timingCache = timing
        return timing
    }
    private var timingCache: Timing?

    // MARK: Content and layout (overridable)

    /// Updates the contents: the delegate's `display(_:)` when it has one, otherwise
    /// draws through `draw(in:)` into an image the size of the bounds at `contentsScale`.
    /// Contents set directly are kept until `setNeedsDisplay()` is called.
    open func display() {
        if let delegate, delegate.implementsDisplay {
            delegate.display(self)
            return
        }
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0, let context = try? CGContext(width: width, height: height) else { return }
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        baseDrawFoundNothing = false
        draw(in: context)
        guard let image = context.makeImage() else { return }
        // Neither an override nor a drawing delegate drew anything (a delegate that stops
        // implementing drawing during its draw says so): leave the contents alone, as Core
        // Animation does for a layer with nothing to draw.
        let delegateDeclined = delegate.map { !$0.implementsDraw } ?? false
        if baseDrawFoundNothing || delegateDeclined, image.isFullyTransparent { return }
        state.contents = image
        markChanged()
    }

    /// Draws the layer's content; the default asks the delegate's `draw(_:in:)`. Override
    /// it to draw the layer yourself (calling super is not needed).
    open func draw(in ctx: CGContext) {
        guard let delegate, delegate.implementsDraw else {
            baseDrawFoundNothing = true
            return
        }
        delegate.draw(self, in: ctx)
    }

    /// Lays out the sublayers; the default asks the delegate.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// The action for a property change: the delegate's answer, then `actions`, then the
    /// style's `actions`, then `defaultAction(forKey:)`. `NSNull` anywhere means none.
    open func action(forKey event: String) -> (any CAAction)? {
        if let answer = delegate?.action(for: self, forKey: event) { return answer is NSNull ? nil : answer }
        if let answer = actions?[event] { return answer is NSNull ? nil : answer }
        if let styleActions = style?["actions"] as? [String: any CAAction], let answer = styleActions[event] {
            return answer is NSNull ? nil : answer
        }
        let defaultAction = Self.defaultAction(forKey: event)
        guard let animation = defaultAction as? CABasicAnimation else { return defaultAction }
        // The implicit animation runs from what is on screen to the new model value.
        if let property = LayerProperty(animatable: event) {
            animation.fromValue = presentationState(at: CACurrentMediaTime())[property]
        }
        return animation
    }

    /// The implicit animation for an animatable property: a basic animation lasting the
    /// transaction's duration with its timing function (Core Animation's default curve
    /// when none is set). Nil for other keys.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        guard LayerProperty(animatable: event) != nil else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    // MARK: Hit testing (overridable)

    /// Whether `point` (in this layer's coordinates) lies within its bounds.
    open func contains(_ point: CGPoint) -> Bool { bounds.contains(point) }

    /// The farthest descendant (or this layer) that contains `point`, given in the
    /// superlayer's coordinates; hidden layers and their sublayers are skipped, and
    /// sublayers are tried front to back (higher zPosition first, then later ones).
    open func hitTest(_ point: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        let local = superlayer.map { convert(point, from: $0) } ?? point
        guard contains(local) else { return nil }
        let front = sublayerStorage.enumerated().sorted { ($0.element.zPosition, $0.offset) > ($1.element.zPosition, $1.offset) }
        for (_, sub) in front {
            if let hit = sub.hitTest(local) { return hit }
        }
        return self
    }

    // MARK: Class defaults

    /// The default value of a property, by key: what a new layer holds.
    open class func defaultValue(forKey key: String) -> Any? {
        guard let property = LayerProperty(animatable: key) else { return nil }
        return LayerState()[property].anyValue
    }

    /// Whether a change of `key` should redraw the layer's contents (false by default).
    open class func needsDisplay(forKey key: String) -> Bool { false }
}
