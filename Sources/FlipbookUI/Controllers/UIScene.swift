import Foundation

/// A scene of the app, as UIKit's `UIScene`: headless, the app has one, always in the
/// foreground (`UIWindowScene.main`).
@MainActor
open class UIScene: UIResponder {
    /// Where the scene is in its life, as UIKit's `UIScene.ActivationState`.
    public enum ActivationState: Int, Sendable { case unattached = -1, foregroundActive, foregroundInactive, background }

    /// Always `.foregroundActive`: the headless app never leaves the foreground.
    open var activationState: ActivationState { .foregroundActive }
    /// The scene's title (kept, shown nowhere).
    open var title: String?
}
