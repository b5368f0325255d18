import Foundation

/// The scene windows belong to, as UIKit's `UIWindowScene`: the app's one scene holds
/// every window that has been shown, on the main screen.
@MainActor
open class UIWindowScene: UIScene {
    /// The app's scene.
    public static let main = UIWindowScene()

    private var shown: [WeakWindow] = []

    /// The scene's windows still alive, in the order they were first shown.
    open var windows: [UIWindow] { shown.compactMap(\.window) }
    /// The scene's key window.
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// The screen the scene is on.
    open var screen: UIScreen { .main }

    /// Counts `window` among the scene's windows.
    func add(_ window: UIWindow) {
        shown.removeAll { $0.window == nil }
        if !shown.contains(where: { $0.window === window }) { shown.append(WeakWindow(window: window)) }
    }

    private struct WeakWindow { weak var window: UIWindow? }
}
