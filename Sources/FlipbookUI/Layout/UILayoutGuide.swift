import FlipbookGraphics

/// An invisible rectangle that takes part in Auto Layout, as UIKit's `UILayoutGuide`:
/// constraints place it like a view, and other constraints can refer to it, without a view
/// in the hierarchy. Add it to a view with `addLayoutGuide(_:)`; its frame is in that
/// view's coordinates.
@MainActor
open class UILayoutGuide: LayoutItem {
    /// A name for descriptions and diagnostics.
    open var identifier = ""
    /// The view the guide belongs to.
    public internal(set) weak var owningView: UIView?
    /// Insets from the owning view's bounds that the guide keeps to (its layout margins or
    /// safe area); nil for a guide placed by constraints of the user's.
    let systemInsets: (@MainActor (UIView) -> UIEdgeInsets)?

    lazy var layoutNode = LayoutNode(identifier.isEmpty ? "UILayoutGuide" : identifier)

    public init() { systemInsets = nil }

    init(identifier: String, insets: @escaping @MainActor (UIView) -> UIEdgeInsets) {
        self.identifier = identifier
        systemInsets = insets
    }

    /// The guide's rectangle in the owning view's coordinates: for the layout margins and
    /// the safe area, the bounds inset by them, constraints or not, as on iOS; for a guide
    /// of the user's, as last solved.
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        if let systemInsets { return view.bounds.inset(by: systemInsets(view)) }
        guard let engine = view.layoutEngine else { return .zero }
        engine.updateIfNeeded()
        return engine.solvedFrame(of: self) ?? .zero
    }

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

    // MARK: LayoutItem

    var coordinateView: UIView? { owningView }
    var hierarchyView: UIView? { owningView }
    var marginInsets: UIEdgeInsets { .zero }
    var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? { nil }
}
