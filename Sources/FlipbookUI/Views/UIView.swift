import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A rectangle on screen backed by a Core Animation layer, as UIKit's `UIView`.
///
/// Geometry (`frame`, `bounds`, `center`, `transform`) and appearance (`alpha`,
/// `backgroundColor`, `isHidden`, `clipsToBounds`) are the layer's properties seen through
/// the view. The view is its layer's delegate: it lays the layer out with
/// `layoutSubviews()`, draws it with `draw(_:)` and answers the layer's action questions —
/// "no action" outside animation blocks, so changing a view's properties never animates
/// unless inside `UIView.animate` (or a transition), as seed 004 explains.
@MainActor
open class UIView: UIResponder, @preconcurrency CALayerDelegate {
    /// The class of the layer each view of this class makes (`CALayer` by default);
    /// override it to back a view with a shape, gradient or other layer.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer, made from `layerClass` when the view is made.
    public let layer: CALayer

    var subviewStorage: [UIView] = []
    weak var superviewStorage: UIView?
    /// The controller whose root view this is.
    weak var owningViewController: UIViewController?
    private var backgroundColorStorage: UIColor?
    private var tintColorStorage: UIColor?
    /// Whether `draw(_:)` is UIView's own (learned at the first display: see `draw(_:in:)`).
    var drawIsInherited: Bool?
    /// Flipbook's view classes that keep UIView's `draw(_:)`: their views never display
    /// (their subclasses may override it, and are learned).
    private static let classesThatDrawNothing: [UIView.Type] = [
        UIView.self, UIWindow.self, UIControl.self, UIButton.self, UIImageView.self, UIActivityIndicatorView.self,
    ]
    var gestureRecognizerStorage: [UIGestureRecognizer] = []
    /// Set by UIView's own `draw(_:)` while a display runs.
    private var baseDrawRan = false

    /// A view with the given frame.
    public init(frame: CGRect) {
        layer = Self.makeLayer()
        super.init()
        adoptLayer()
        self.frame = frame
        // A subclass of the user's may draw: display once to learn whether it does.
        if UIView.classesThatDrawNothing.contains(where: { $0 == type(of: self) }) {
            drawIsInherited = true
        } else {
            layer.setNeedsDisplay()
        }
    }

    /// A view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// A view from an archive. Flipbook has no archives: this makes a view with a zero
    /// frame, so subclasses that implement it compile and run.
    public required init?(coder: NSCoder) {
        layer = Self.makeLayer()
        super.init()
        adoptLayer()
    }

    /// A layer of the class's `layerClass` (a plain `CALayer` when that is no layer class).
    private static func makeLayer() -> CALayer {
        ((layerClass as? CALayer.Type) ?? CALayer.self).init()
    }

    /// Becomes the layer's delegate and gives it the screen's scale.
    private func adoptLayer() {
        layer.delegate = self
        layer.contentsScale = UIScreen.defaultScale
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates. Setting a frame that is not
    /// finite is reported (`UIDiagnostics`) and ignored. Meaningful only while `transform`
    /// is the identity, as in UIKit.
    open var frame: CGRect {
        get { layer.frame }
        set { changeGeometry(newValue, "frame") { layer.frame = $0 } }
    }

    /// The view's own coordinate space: its origin is the top-left corner's coordinates.
    open var bounds: CGRect {
        get { layer.bounds }
        set { changeGeometry(newValue, "bounds") { layer.bounds = $0 } }
    }

    /// The centre of the frame in the superview's coordinates: the layer's position.
    open var center: CGPoint {
        get { layer.position }
        set {
            guard Self.isFinite(CGRect(origin: newValue, size: .zero), "center") else { return }
            layer.position = newValue
            fixedFrameChanged()
        }
    }

    /// The view's affine transform about its centre (the layer's transform as an affine
    /// one).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The view's 3-D transform: the layer's.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    /// Opacity, 0…1: the layer's opacity.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue.isNaN ? 1 : newValue) }
    }

    /// The colour filling the bounds (none by default).
    open var backgroundColor: UIColor? {
        get { backgroundColorStorage }
        set {
            backgroundColorStorage = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }

    /// Whether the view and its subviews are hidden.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews are clipped to the bounds: the layer's `masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view fills its bounds with opaque content.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// The view that masks this one: its layer becomes this layer's mask.
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    /// How the contents fit the bounds when they differ in size.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.gravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    /// How the frame follows the superview's size (nothing by default).
    open var autoresizingMask: AutoresizingMask = []
    /// Whether subviews follow their autoresizing masks when the bounds change size.
    open var autoresizesSubviews = true
    /// Whether the view is placed by its frame (true) rather than by constraints; Auto
    /// Whether Auto Layout keeps the view's frame as it is set (true, the default) or sets
    /// it from the view's constraints (false), as UIKit.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { layoutState.engine?.itemChanged(self) } }
    }
    /// The view's part in Auto Layout: its constraints, guides, priorities and engine.
    let layoutState = ViewLayoutState()

    /// A number that identifies the view (`viewWithTag(_:)` finds it).
    open var tag = 0
    /// The name state restoration would save the view under; kept, as there is no state
    /// restoration headless.
    open var restorationIdentifier: String?
    /// Whether touches reach the view (and its subviews).
    open var isUserInteractionEnabled = true
    /// Whether the view takes more than one touch at a time.
    open var isMultipleTouchEnabled = false
    /// Whether the view takes touches only while no other view has them.
    open var isExclusiveTouch = false

    /// The colour controls and templates use: set here, or the superview's, or the
    /// system blue.
    open var tintColor: UIColor! {
        get { tintColorStorage ?? superview?.tintColor ?? .systemBlue }
        set {
            tintColorStorage = newValue
            tintColorDidChange()
        }
    }

    /// Called when the tint colour changes; override to redraw.
    open func tintColorDidChange() {}

    /// The traits the view draws with.
    open var traitCollection: UITraitCollection { .current }

    /// The responder after a view: its controller when it is a controller's root view,
    /// otherwise its superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    /// Sets a finite frame or bounds through `apply`, then lets the subviews follow a change
    /// of size.
    private func changeGeometry(_ rect: CGRect, _ name: String, apply: (CGRect) -> Void) {
        guard Self.isFinite(rect, name) else { return }
        let oldSize = bounds.size
        apply(rect)
        boundsSizeChanged(from: oldSize)
        fixedFrameChanged()
    }

    /// Tells the layout engine that a view it holds fixed moved or changed size.
    private func fixedFrameChanged() {
        if translatesAutoresizingMaskIntoConstraints { layoutState.engine?.itemChanged(self) }
    }

    /// Reports and rejects a rectangle that is not finite.
    static func isFinite(_ rect: CGRect, _ name: String) -> Bool {
        let ok = rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
        if !ok { UIDiagnostics.report("UIView.\(name) \(rect) is not finite; ignored") }
        return ok
    }

    // MARK: CALayerDelegate

    /// Lays out the view when its layer lays out: brings the hierarchy's constraints up to
    /// date and solves them, then `layoutSubviews()`.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        if LayoutEngine.pendingCount > 0 { layoutEngine?.updateIfNeeded() }
        let controller = owningViewController
        controller?.viewWillLayoutSubviews()
        layoutSubviews()
        controller?.viewDidLayoutSubviews()
    }

    /// The "no action" answer, made once.
    private static let noAction = NSNull()

    /// The action for a change of one of the layer's properties: inside an animation block
    /// an animation made from the block's duration, delay, curve and options; elsewhere
    /// `NSNull` (no action), so the layer of a view never animates implicitly.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        ViewAnimation.action(for: layer, forKey: event) ?? Self.noAction
    }

    /// Whether the layer should draw through this view: until the first display shows that
    /// `draw(_:)` is UIView's own, which draws nothing.
    open var implementsDraw: Bool { drawIsInherited != true }

    /// Draws the layer by making `ctx` the current context and calling `draw(_:)` with the
    /// bounds.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        baseDrawRan = false
        UIGraphicsPushContext(ctx)
        draw(bounds)
        UIGraphicsPopContext()
        if drawIsInherited == nil {
            // Swift cannot ask whether a subclass overrides draw(_:): a first display that
            // only ran UIView's own, leaving every pixel clear, shows it does not.
            drawIsInherited = baseDrawRan && ctx.makeImage()?.isFullyTransparent ?? false
        }
    }

    /// Draws the view's content in `rect` into the current context. UIView's own draws
    /// nothing; override it to draw with UIKit or Core Graphics calls.
    open func draw(_ rect: CGRect) {
        baseDrawRan = true
    }

    /// Marks the view's content as needing `draw(_:)` before the next frame.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the content; the whole view is redrawn.
    open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    // MARK: Hierarchy notifications (override to observe)

    /// A subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// A subview is about to be removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// The view is about to move to `newSuperview` (nil when leaving its superview).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// The view moved to a new superview (or left one).
    open func didMoveToSuperview() {}
    /// The view is about to move to `newWindow`.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// The view moved to a window (or left one).
    open func didMoveToWindow() {}

    // MARK: Layout (override to lay out)

    /// Lays out the subviews: UIView's own gives the subviews that Auto Layout places
    /// (`translatesAutoresizingMaskIntoConstraints` false) the frames their constraints
    /// solve to, rounded to the screen's pixels. Override it to set frames by hand, and call
    /// `super` to keep the constraints' frames.
    open func layoutSubviews() {
        for sub in subviewStorage where !sub.translatesAutoresizingMaskIntoConstraints {
            if let frame = sub.layoutState.solvedFrame { sub.applySolvedFrame(frame) }
        }
    }

    /// Moves the view to the frame Auto Layout solved, through its centre and bounds (so
    /// that a transform stays as it is, and overrides of either see the change).
    private func applySolvedFrame(_ frame: CGRect) {
        if bounds.size != frame.size { bounds = CGRect(origin: bounds.origin, size: frame.size) }
        let anchor = layer.anchorPoint
        let center = CGPoint(x: frame.minX + frame.width * anchor.x, y: frame.minY + frame.height * anchor.y)
        if self.center != center { self.center = center }
    }

    /// Updates the view's constraints before layout, when `setNeedsUpdateConstraints()`
    /// asked; UIView's own does nothing. Call `super` as UIKit asks.
    open func updateConstraints() {}

    /// The layout margins changed; UIView's own does nothing.
    open func layoutMarginsDidChange() {}

    /// Where the first and last baselines sit, as offsets from the vertical centre; nil
    /// puts both at the bottom (views without text).
    var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? { nil }

    /// The size that fits `size` best; UIView's own returns the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The natural size of the view's content, or `noIntrinsicMetric` on an axis without one.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Says the natural size changed: Auto Layout takes the new size at the next layout
    /// pass, and the superview lays out again.
    open func invalidateIntrinsicContentSize() {
        layoutState.engine?.itemChanged(self)
        superview?.setNeedsLayout()
    }

    // MARK: Hit testing (override to change what touches reach)

    /// The farthest descendant containing `point` (in this view's coordinates) that takes
    /// touches: hidden views, views with alpha below 0.01 and views with
    /// `isUserInteractionEnabled` false are skipped with their subviews; subviews are tried
    /// front to back.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, layer.opacity >= 0.01, self.point(inside: point, with: event) else { return nil }
        for sub in subviewStorage.reversed() {
            if let hit = sub.hitTest(sub.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }
}
