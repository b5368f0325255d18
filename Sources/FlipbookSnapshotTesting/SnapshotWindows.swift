import Flipbook

/// The windows made for snapshots of views and view controllers that had none. Each lives
/// while its layer is among the host's roots: until `AnimationHost.shared.reset()`, which a
/// test calls first, so the frames of one animation share a window and tests do not.
@MainActor
enum SnapshotWindows {
    private static var windows: [UIWindow] = []

    /// A window of `size` holding `view`'s topmost superview (the view itself when it has
    /// none), which fills the window when `filling`.
    @discardableResult
    static func host(_ view: UIView, size: CGSize, filling: Bool) -> UIWindow {
        var root = view
        while let superview = root.superview { root = superview }
        let window = make(size: size)
        if filling { root.frame = window.bounds }
        window.addSubview(root)
        window.makeKeyAndVisible()
        return window
    }

    /// A window of `size` whose root view controller is `controller`.
    static func host(_ controller: UIViewController, size: CGSize) -> UIWindow {
        let window = make(size: size)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        return window
    }

    private static func make(size: CGSize) -> UIWindow {
        let roots = AnimationHost.shared.rootLayers
        windows.removeAll { window in !roots.contains { $0 === window.layer } }
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        windows.append(window)
        return window
    }
}
