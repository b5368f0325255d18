import Foundation
import FlipbookGraphics

/// What a navigation bar shows for a view controller, as UIKit's `UINavigationItem`.
@MainActor
open class UINavigationItem {
    /// The title in the middle of the bar.
    open var title: String?
    /// The title of the back button that leads back to this item (the title when nil).
    open var backButtonTitle: String?
    /// Whether the back button is hidden while this item is on top.
    open var hidesBackButton = false

    public init(title: String?) { self.title = title }
}
