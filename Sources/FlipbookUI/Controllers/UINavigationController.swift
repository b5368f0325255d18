import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A stack of view controllers shown one at a time, as UIKit's `UINavigationController`.
///
/// Its view holds the top controller's view, full size, and a navigation bar over its
/// top edge (`isNavigationBarHidden` hides it). Pushing, popping and setting the stack
/// change the top with the delegate's animator, or the navigation controller's own slide
/// when the delegate gives none (`nil`), and an interaction controller from the delegate
/// drives the change from user input. The controllers hear `willMove(toParent:)`,
/// `didMove(toParent:)` and their appearance callbacks in UIKit's order; a cancelled
/// interactive change puts the stack and the views back.
///
/// A swipe from the left edge of the screen pops the top controller interactively
/// (`interactivePopGestureRecognizer`).
///
/// Changes asked for while one runs wait for it to end. Pushing a controller already in the
/// stack (UIKit raises) and popping the root are reported and ignored.
@MainActor
open class UINavigationController: UIViewController {
    /// What changes the top of the stack, as UIKit's `UINavigationController.Operation`.
    public enum Operation: Int, Sendable {
        case none, push, pop
    }

    /// A navigation controller with `rootViewController` at the bottom of its stack.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Chooses the animations (and interactions) of changes, and hears them.
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The stack, root first. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    private var stack: [UIViewController] = []
    /// The change running now, and those waiting for it.
    private(set) var transition: TransitionContext?
    private var pending: [() -> Void] = []

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { stack.last }
    /// The controller shown: the top one, or what it presents.
    open var visibleViewController: UIViewController? { topViewController?.presentedViewController ?? topViewController }

    // MARK: The view

    /// The view the top controller's view sits in, and transitions run in.
    private let contentView = UIView()

    /// The edge swipe that pops the top controller, on the navigation controller's view.
    /// Disable it (`isEnabled = false`) to use a gesture of your own; give it a delegate to
    /// decide when it may begin (by default: when there is a controller to go back to and
    /// no change is running).
    public private(set) lazy var interactivePopGestureRecognizer: UIGestureRecognizer? = makeInteractivePopGestureRecognizer()
    /// The interaction the edge swipe drives while it pops.
    var edgeSwipeInteraction: UIPercentDrivenInteractiveTransition?
    /// The default delegate of the edge swipe.
    let edgeSwipeGate = EdgeSwipeGate()

    /// The bar over the top edge.
    public private(set) lazy var navigationBar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width,
                                                                              height: UINavigationBar.height))
    /// Whether the navigation bar is hidden.
    open var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set { navigationBar.isHidden = newValue }
    }

    /// Shows or hides the bar; animated, it fades.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != isNavigationBarHidden else { return }
        guard animated else { return isNavigationBarHidden = hidden }
        UIView.transition(with: navigationBar, duration: 0.25, options: [.transitionCrossDissolve],
                          animations: { self.isNavigationBarHidden = hidden })
    }

    open override func loadView() {
        let view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        contentView.frame = view.bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(contentView)
        navigationBar.frame.size.width = view.bounds.width
        navigationBar.autoresizingMask = [.flexibleWidth]
        navigationBar.backAction = { [weak self] in _ = self?.popViewController(animated: true) }
        view.addSubview(navigationBar)
        if let interactivePopGestureRecognizer { view.addGestureRecognizer(interactivePopGestureRecognizer) }
        self.view = view
        if let top = topViewController { show(top) }
        updateBar()
    }

    /// Puts a controller's view in the content view, full size.
    private func show(_ controller: UIViewController) {
        controller.view.frame = contentView.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(controller.view)
    }

    private func updateBar() {
        navigationBar.show(top: topViewController?.navigationItem,
                           back: stack.count > 1 ? stack[stack.count - 2].navigationItem : nil)
    }

    // MARK: Changing the stack

    /// Pushes `viewController` onto the stack and shows it.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === viewController }) else {
            return UIDiagnostics.report("Pushing the same view controller instance (\(type(of: viewController))) more than once is not supported; ignored")
        }
        guard viewController.parent == nil || viewController.parent === self, !(viewController is UINavigationController) else {
            return UIDiagnostics.report("Can't push \(type(of: viewController)): it has another parent or is a navigation controller; ignored")
        }
        change(to: stack + [viewController], animated: animated)
    }

    /// Pops the top controller and returns it; nil (and nothing happens) at the root.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        let top = stack.last
        change(to: Array(stack.dropLast()), animated: animated)
        return top
    }

    /// Pops every controller above the root; returns them.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return [] }
        let popped = Array(stack.dropFirst())
        change(to: [stack[0]], animated: animated)
        return popped
    }

    /// Pops the controllers above `viewController`; returns them (nil when it is not in
    /// the stack).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            UIDiagnostics.report("popToViewController: \(type(of: viewController)) is not in the stack; ignored")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        if !popped.isEmpty { change(to: Array(stack[...index]), animated: animated) }
        return popped
    }

    /// Replaces the stack; the change of top animates as a push when the new top was not
    /// in the stack, as a pop when it was.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        var seen = Set<ObjectIdentifier>()
        guard viewControllers.allSatisfy({ seen.insert(ObjectIdentifier($0)).inserted }) else {
            return UIDiagnostics.report("setViewControllers: a controller appears twice; ignored")
        }
        change(to: viewControllers, animated: animated)
    }

    /// Moves to `newStack`: right away when nothing runs, after the running change otherwise.
    private func change(to newStack: [UIViewController], animated: Bool) {
        guard transition == nil else {
            pending.append { [weak self] in self?.change(to: newStack, animated: animated) }
            return
        }
        let oldStack = stack
        let from = oldStack.last, to = newStack.last
        let added = newStack.filter { new in !oldStack.contains { $0 === new } }
        let removed = oldStack.filter { old in !newStack.contains { $0 === old } }
        for controller in added { addChild(controller) }
        if isViewLoaded { newStack.last?.loadViewIfNeeded() }
        for controller in removed {
            controller.isMovingFromParent = true
            controller.willMove(toParent: nil)
        }
        for controller in added { controller.isMovingToParent = true }
        stack = newStack
        guard let to, from !== to, isViewLoaded else {
            return settle(added: added, removed: removed, completed: true, oldStack: oldStack)
        }
        let onScreen = appearance == .appeared || appearance == .appearing
        delegate?.navigationController(self, willShow: to, animated: animated && onScreen)
        guard let from, animated, onScreen, view.window != nil else {
            swap(from: from, to: to, onScreen: onScreen)
            settle(added: added, removed: removed, completed: true, oldStack: oldStack)
            delegate?.navigationController(self, didShow: to, animated: false)
            return
        }
        let operation: Operation = oldStack.contains { $0 === to } ? .pop : .push
        let animator = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
            ?? NavigationTransitionAnimator(operation: operation)
        from.beginAppearanceTransition(false, animated: true)
        to.beginAppearanceTransition(true, animated: true)
        let frame = contentView.bounds
        to.view.frame = frame
        let context = TransitionContext(
            container: contentView,
            from: .init(controller: from, view: from.view, initialFrame: from.view.frame, finalFrame: .zero),
            to: .init(controller: to, view: to.view, initialFrame: .zero, finalFrame: frame),
            style: .none, animator: animator
        ) { [weak self] completed in
            guard let self else { return }
            self.transition = nil
            if completed {
                from.view.removeFromSuperview()
                to.view.frame = frame
                if to.view.superview !== self.contentView { self.show(to) }
                from.endAppearanceTransition()
                to.endAppearanceTransition()
            } else {
                to.view.removeFromSuperview()
                if from.view.superview !== self.contentView { self.show(from) }
                to.beginAppearanceTransition(false, animated: true)
                to.endAppearanceTransition()
                from.beginAppearanceTransition(true, animated: true)
                from.endAppearanceTransition()
            }
            self.settle(added: added, removed: removed, completed: completed, oldStack: oldStack)
            if completed { self.delegate?.navigationController(self, didShow: to, animated: true) }
            self.runPending()
        }
        transition = context
        let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
            ?? (operation == .pop ? edgeSwipeInteraction : nil)
        if interaction == nil {
            // As UIKit's bar: the title and back button cross-fade to the new top's over
            // the change. An interactive change shows the new bar when it completes.
            UIView.transition(with: navigationBar, duration: animator.transitionDuration(using: context),
                              options: [.transitionCrossDissolve], animations: { self.updateBar() })
        }
        context.start(interactionController: interaction)
    }

    /// Swaps the top views at once, telling the controllers when the stack is on screen.
    private func swap(from: UIViewController?, to: UIViewController, onScreen: Bool) {
        if onScreen {
            from?.beginAppearanceTransition(false, animated: false)
            to.beginAppearanceTransition(true, animated: false)
        }
        from?.viewIfLoaded?.removeFromSuperview()
        show(to)
        if onScreen {
            from?.endAppearanceTransition()
            to.endAppearanceTransition()
        }
    }

    /// Ends the children's moves once the change is done (or undone).
    private func settle(added: [UIViewController], removed: [UIViewController], completed: Bool, oldStack: [UIViewController]) {
        for controller in added {
            controller.isMovingToParent = false
            if completed { controller.didMove(toParent: self) } else { controller.removeFromParent() }
        }
        for controller in removed {
            controller.isMovingFromParent = false
            if completed {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.removeFromParent()
            } else {
                controller.didMove(toParent: self)
            }
        }
        if !completed { stack = oldStack }
        updateBar()
    }

    private func runPending() {
        guard transition == nil, !pending.isEmpty else { return }
        pending.removeFirst()()
    }
}

/// The old name of `UINavigationController.Operation`, as the seeds write it.
public typealias UINavigationControllerOperation = UINavigationController.Operation
