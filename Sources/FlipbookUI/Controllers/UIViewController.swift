import Foundation
import FlipbookGraphics

/// An object that manages a view hierarchy, as UIKit's `UIViewController`.
///
/// The view is made the first time it is asked for: `loadView()` (a plain view the size
/// of the screen by default), then `viewDidLoad()`. When the view comes on screen or goes,
/// the controller hears `viewWillAppear(_:)`, `viewDidAppear(_:)`,
/// `viewWillDisappear(_:)` and `viewDidDisappear(_:)` in UIKit's order, and passes them on
/// to the children whose views are inside its own. Around each layout of its view it
/// hears `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`.
@MainActor
open class UIViewController: UIResponder {
    /// A controller; Flipbook has no nib files, so both arguments are ignored.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// A controller from an archive. Flipbook has no archives: this makes a plain one, so
    /// subclasses that implement it compile and run.
    public required init?(coder: NSCoder) {
        super.init()
    }

    // MARK: The view

    private var viewStorage: UIView?
    private var isLoadingView = false

    /// The controller's root view, loaded on first use.
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return viewStorage
        }
        set {
            if viewStorage?.owningViewController === self { viewStorage?.owningViewController = nil }
            viewStorage = newValue
            newValue?.owningViewController = self
        }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { viewStorage != nil }

    /// The view if it has been loaded; never loads it.
    public var viewIfLoaded: UIView? { viewStorage }

    /// Makes the view: a plain view the size of the main screen. Override to make your own
    /// and assign it to `view`, without calling `super`.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once, after the view was made.
    open func viewDidLoad() {}

    /// Loads the view now if it is not loaded.
    public func loadViewIfNeeded() {
        guard viewStorage == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        isLoadingView = false
        if viewStorage == nil {
            UIDiagnostics.report("\(type(of: self)).loadView() made no view; a plain view is used")
            view = UIView(frame: UIScreen.main.bounds)
        }
        viewDidLoad()
    }

    /// The title a navigation bar shows for the controller.
    open var title: String? {
        didSet { navigationItem.title = title }
    }

    /// What a navigation bar shows while the controller is on top of a navigation stack.
    public private(set) lazy var navigationItem = UINavigationItem(title: title)

    // MARK: Appearance

    /// Where the view is in coming on screen or going.
    enum Appearance { case disappeared, appearing, appeared, disappearing }
    private(set) var appearance = Appearance.disappeared

    /// The view is about to come on screen.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view came on screen.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the screen.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view left the screen.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Whether appearance callbacks pass on to the children automatically (true).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Starts the view's appearing (true) or disappearing (false): calls
    /// `viewWillAppear(_:)` or `viewWillDisappear(_:)`, and the children's. A call that
    /// would not change anything (appearing when already appearing) does nothing.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        lastAppearanceWasAnimated = animated
        switch (isAppearing, appearance) {
        case (true, .disappeared), (true, .disappearing):
            appearance = .appearing
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearance = .disappearing
            viewWillDisappear(animated)
        default:
            return
        }
        for child in appearanceChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the appearing or disappearing begun last: `viewDidAppear(_:)` or
    /// `viewDidDisappear(_:)`, and the children's. An appearing view is laid out first, as
    /// on iOS, where `viewDidAppear(_:)` follows the layout that puts it on screen.
    public func endAppearanceTransition() {
        let animated = lastAppearanceWasAnimated
        switch appearance {
        case .appearing:
            appearance = .appeared
            (viewIfLoaded?.window ?? viewIfLoaded)?.layoutIfNeeded()
            viewDidAppear(animated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(animated)
        default:
            return
        }
        for child in appearanceChildren { child.endAppearanceTransition() }
    }

    private var lastAppearanceWasAnimated = false

    /// The children that hear this controller's appearance callbacks: those whose views are
    /// inside its view.
    private var appearanceChildren: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = viewStorage else { return [] }
        return children.filter { $0.viewStorage?.isDescendant(of: view) == true }
    }

    // MARK: Containment

    /// The controller this one is a child of.
    public private(set) weak var parent: UIViewController?
    /// The child controllers, in the order they were added.
    public private(set) var children: [UIViewController] = []
    /// Whether the controller is being added to a parent (between `willMove(toParent:)`
    /// and `didMove(toParent:)`).
    public internal(set) var isMovingToParent = false
    /// Whether the controller is being removed from its parent.
    public internal(set) var isMovingFromParent = false

    /// Makes `child` a child of this controller; calls its `willMove(toParent:)`. The
    /// caller adds its view and then calls its `didMove(toParent:)`.
    open func addChild(_ child: UIViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        child.parent = self
        children.append(child)
    }

    /// Takes the controller out of its parent and calls its `didMove(toParent: nil)`. The
    /// caller calls `willMove(toParent: nil)` first and removes the view.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}

    /// The nearest navigation controller among the controller and its ancestors' parents.
    public var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? UINavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// The top of this controller's chain of parents.
    var rootAncestor: UIViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }

    // MARK: Presentation

    /// How a presentation of this controller covers the screen (`.automatic`: full screen).
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// Whether a presentation of this controller that does not cover the screen takes over
    /// the status bar's appearance; kept, as Flipbook's screens have no status bar.
    open var modalPresentationCapturesStatusBarAppearance = false
    /// The animation of a presentation of this controller when its transitioning delegate
    /// gives none.
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// Gives the animations (and interactions) of presentations of this controller.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// The controller this one presented, while it is presented.
    public internal(set) var presentedViewController: UIViewController?
    /// The controller that presented this one, while it is presented.
    public internal(set) weak var presentingViewController: UIViewController?
    /// Whether the controller is being presented (until its presentation ends).
    public internal(set) var isBeingPresented = false
    /// Whether the controller is being dismissed.
    public internal(set) var isBeingDismissed = false
    /// The view laid over the window that holds the controller's view while it is presented.
    var presentationContainer: UIView?

    /// The responder after a controller: its view's superview.
    open override var next: UIResponder? { viewStorage?.superview }
}
