import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// The root of a view hierarchy on a screen, as UIKit's `UIWindow`, headless.
///
/// A window is hidden until `makeKeyAndVisible()`; then the host (`AnimationHost.shared`)
/// lays it out, displays and commits it on every tick, and `Recorder(window:)` can record
/// it. Synthetic input (`sendTap(at:)`, `beginTouch(at:)`…) reaches its views through
/// `hitTest(_:with:)` on the model tree, as real touches would.
@MainActor
open class UIWindow: UIView {
    /// The screen the window is on.
    open var screen: UIScreen = .main
    /// Windows with a higher level show above others.
    open var windowLevel: Level = .normal

    /// A window's level, as UIKit's `UIWindow.Level`.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        public static let normal = Level(0)
        public static let statusBar = Level(1000)
        public static let alert = Level(2000)
    }

    /// The key window: the last one made key.
    public internal(set) static weak var keyWindow: UIWindow?

    /// Touches down now, by identity.
    var activeTouches: [ObjectIdentifier: UITouch] = [:]
    /// Where and when the last tap lifted, and its count.
    var lastTap: (time: CFTimeInterval, location: CGPoint, count: Int)?

    /// A hidden window with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// A hidden window the size of the main screen.
    public convenience init() { self.init(frame: UIScreen.main.bounds) }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// The controller whose view fills the window. Its view is put in the window the size
    /// of the window; while the window is visible the old root disappears and the new one
    /// appears (`viewWillAppear(_:)` at once, `viewDidAppear(_:)` at the next tick).
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue {
                if !isHidden { old.beginAppearanceTransition(false, animated: false) }
                old.viewIfLoaded?.removeFromSuperview()
                if !isHidden { old.endAppearanceTransition() }
            }
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            root.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(root.view, at: 0)
            if !isHidden { showRoot() }
        }
    }

    /// Starts the root controller's appearance; it ends at the next tick, once the view is
    /// on screen.
    private func showRoot() {
        guard let root = rootViewController, root.appearance == .disappeared else { return }
        root.beginAppearanceTransition(true, animated: false)
        AnimationHost.shared.schedule(after: 0) { [weak root] in root?.endAppearanceTransition() }
    }

    /// Whether this is the key window.
    open var isKeyWindow: Bool { UIWindow.keyWindow === self }

    /// Makes this the key window.
    open func makeKey() { UIWindow.keyWindow = self }

    /// The scene the window belongs to: the app's one scene once the window has been shown.
    open var windowScene: UIWindowScene? {
        get { UIWindowScene.main.windows.contains { $0 === self } ? UIWindowScene.main : nil }
        set { if let newValue { newValue.add(self) } }
    }

    /// A hidden window the size of the main screen in `windowScene`, as a scene delegate
    /// makes its window.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        windowScene.add(self)
    }

    /// Shows the window and makes it key: from now on the host lays it out, displays and
    /// commits it on every tick.
    open func makeKeyAndVisible() {
        UIWindowScene.main.add(self)
        isHidden = false
        makeKey()
        showRoot()
        let host = AnimationHost.shared
        if !host.rootLayers.contains(where: { $0 === layer }) { host.rootLayers.append(layer) }
    }

    /// A window is its own root: points convert to and from its coordinates.
    open override var next: UIResponder? { nil }
}
