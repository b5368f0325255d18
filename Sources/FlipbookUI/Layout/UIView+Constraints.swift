import FlipbookGraphics

extension UIView: LayoutItem {
    /// UIKit's standard spacing between sibling views, in points.
    static let systemSpacing: CGFloat = 8

    // MARK: Constraints

    /// The constraints installed on this view (by activation, on the nearest common
    /// ancestor of their items).
    public var constraints: [NSLayoutConstraint] { layoutState.installed }

    /// Installs a constraint on this view, which must hold both of its items; a view that
    /// does not is reported (`UIDiagnostics`) and the constraint stays inactive.
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.activate(on: self) }

    /// Installs each constraint on this view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(addConstraint) }

    /// Deactivates a constraint installed on this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedView === self { constraint.deactivate() }
    }

    /// Deactivates each constraint installed on this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(removeConstraint) }

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        ensureLayoutEngine().constraintUpdateRequested()
    }

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool { layoutState.needsUpdateConstraints }

    /// Runs the due `updateConstraints()` calls of the hierarchy and solves now.
    public func updateConstraintsIfNeeded() { layoutEngine?.updateIfNeeded() }

    /// Whether the active constraints leave the view's frame open (UIKit's debugging
    /// property). Such views are also reported through `UIDiagnostics` once.
    public var hasAmbiguousLayout: Bool {
        guard let engine = layoutEngine else { return false }
        engine.updateIfNeeded()
        return engine.isAmbiguous(self)
    }

    // MARK: Anchors

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

    // MARK: Content priorities

    /// How strongly the view resists growing past its intrinsic size on `axis` (250 by
    /// default).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.hugging[axis] ?? .defaultLow
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.hugging[axis] = priority
        layoutState.engine?.itemChanged(self)
    }

    /// How strongly the view resists shrinking below its intrinsic size on `axis` (750 by
    /// default).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.compressionResistance[axis] ?? .defaultHigh
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.compressionResistance[axis] = priority
        layoutState.engine?.itemChanged(self)
    }

    // MARK: Margins and guides

    /// Insets from the bounds for the margin attributes and `layoutMarginsGuide` (8 points
    /// on each side by default).
    public var layoutMargins: UIEdgeInsets {
        get { layoutState.margins }
        set {
            layoutState.margins = newValue
            layoutEngine?.constraintsChanged()
            for guide in layoutState.guides where guide.systemInsets != nil { layoutState.engine?.itemChanged(guide) }
            layoutMarginsDidChange()
        }
    }

    /// The margins by reading direction (left to right here).
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
                                      trailing: layoutMargins.right) }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }

    /// The insets of the area no bars or rounded corners cover: none on Flipbook's screens.
    public var safeAreaInsets: UIEdgeInsets { .zero }

    /// A guide inset from the bounds by the layout margins.
    public var layoutMarginsGuide: UILayoutGuide {
        systemGuide("UIViewLayoutMarginsGuide") { $0.layoutMargins }
    }

    /// A guide covering the safe area (the bounds on Flipbook's screens).
    public var safeAreaLayoutGuide: UILayoutGuide {
        systemGuide("UIViewSafeAreaLayoutGuide") { $0.safeAreaInsets }
    }

    /// The guides added to the view.
    public var layoutGuides: [UILayoutGuide] { layoutState.guides }

    /// Adds a guide whose frame is in this view's coordinates (taking it from another view).
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutState.guides.append(guide)
    }

    /// Removes a guide, deactivating the constraints that involve it.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        var ancestor: UIView? = self
        while let view = ancestor {
            for constraint in view.layoutState.installed where constraint.firstItem === guide || constraint.secondItem === guide {
                constraint.deactivate()
            }
            ancestor = view.superview
        }
        layoutState.guides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    private func systemGuide(_ identifier: String, insets: @escaping @MainActor (UIView) -> UIEdgeInsets) -> UILayoutGuide {
        if let guide = layoutState.guides.first(where: { $0.identifier == identifier && $0.systemInsets != nil }) { return guide }
        let guide = UILayoutGuide(identifier: identifier, insets: insets)
        addLayoutGuide(guide)
        return guide
    }

    // MARK: The engine

    /// The Auto Layout engine of the view's hierarchy, if it has constraints.
    var layoutEngine: LayoutEngine? { rootView.layoutState.rootEngine }

    /// The hierarchy's engine, made on its root view if needed.
    func ensureLayoutEngine() -> LayoutEngine {
        let root = rootView
        if let engine = root.layoutState.rootEngine { return engine }
        let engine = LayoutEngine(root: root)
        root.layoutState.rootEngine = engine
        return engine
    }

    private var rootView: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// Before the view leaves its superview: deactivates the constraints above it that
    /// involve views inside it, as UIKit does. Returns whether the old hierarchy had an
    /// engine.
    func detachFromLayout() -> Bool {
        guard let engine = layoutEngine else { return false }
        var ancestor = superview
        while let view = ancestor {
            for constraint in view.layoutState.installed where constraint.involvesViews(inside: self) {
                constraint.deactivate()
            }
            ancestor = view.superview
        }
        engine.constraintsChanged()
        return true
    }

    /// After the view joined a hierarchy or left one: its constraints move to the new
    /// hierarchy's engine.
    func attachToLayout(hadEngine: Bool) {
        let hadOwnEngine = layoutState.rootEngine != nil && superview != nil
        if superview != nil { layoutState.rootEngine = nil }
        if hadEngine || hadOwnEngine { ensureLayoutEngine().constraintsChanged() } else { layoutEngine?.constraintsChanged() }
    }

    /// The frame from the centre and bounds, as Auto Layout sees it (ignoring the
    /// transform).
    var frameIgnoringTransform: CGRect {
        let size = bounds.size, anchor = layer.anchorPoint
        return CGRect(x: center.x - size.width * anchor.x, y: center.y - size.height * anchor.y,
                      width: size.width, height: size.height)
    }

    // MARK: LayoutItem

    var layoutNode: LayoutNode {
        if let node = layoutState.node { return node }
        let node = LayoutNode(String(describing: type(of: self)))
        layoutState.node = node
        return node
    }

    var coordinateView: UIView? { superview }
    var hierarchyView: UIView? { self }
    var marginInsets: UIEdgeInsets { layoutMargins }
}

extension NSLayoutConstraint {
    /// Whether an item of the constraint is `view` or inside it (or a guide of such a view).
    func involvesViews(inside view: UIView) -> Bool {
        [firstLayoutItem, secondLayoutItem].contains { $0?.hierarchyView?.isDescendant(of: view) == true }
    }
}
