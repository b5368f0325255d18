import Foundation

/// The app, as UIKit's `UIApplication.shared`: its scene and windows, and the settings iOS
/// code reaches for. Headless there is no status bar, idle timer or other app to open:
/// those settings are kept, and `open(_:)` reports a diagnostic and completes with false.
@MainActor
open class UIApplication: UIResponder {
    /// The app.
    public static let shared = UIApplication()

    /// Where the app is in its life, as UIKit's `UIApplication.State`: always active.
    public enum State: Int, Sendable { case active, inactive, background }

    /// Keys of `open(_:options:completionHandler:)`'s options.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// The app's scenes: its one window scene.
    open var connectedScenes: Set<UIScene> { [UIWindowScene.main] }
    /// The windows that have been shown and are still alive.
    open var windows: [UIWindow] { UIWindowScene.main.windows }
    /// The key window.
    open var keyWindow: UIWindow? { UIWindow.keyWindow }
    /// Always `.active`.
    open var applicationState: State { .active }
    /// Whether the screen may not dim while the app runs (kept).
    open var isIdleTimerDisabled = false
    /// The status bar's look (kept; there is no status bar).
    open var statusBarStyle = UIStatusBarStyle.default
    /// Whether the status bar is hidden (kept; there is no status bar).
    open var isStatusBarHidden = false
    /// Whether the network activity indicator spins (kept).
    open var isNetworkActivityIndicatorVisible = false
    /// The number on the app's icon (kept).
    open var applicationIconBadgeNumber = 0

    /// Whether `url` could be opened: never, headless.
    open func canOpenURL(_ url: URL) -> Bool { false }

    /// Opening another app or a web page: headless there is none, so this reports a
    /// diagnostic and completes with false.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        UIDiagnostics.report("UIApplication.open(\(url)): nothing to open headless")
        completion?(false)
    }
}
