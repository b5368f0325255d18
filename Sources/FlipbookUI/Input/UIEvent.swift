import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A set of touches delivered together, as UIKit's `UIEvent`.
@MainActor
open class UIEvent: NSObject {
    /// The kind of event.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    /// Always `.touches` for the window's synthetic input.
    open var type: EventType { .touches }
    /// Media time of the event.
    public internal(set) var timestamp: TimeInterval = 0
    var touchesStorage: Set<UITouch> = []

    /// Every touch of the event.
    open var allTouches: Set<UITouch>? { touchesStorage }

    /// The touches of the event in `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        touchesStorage.filter { $0.view === view }
    }

    /// The touches of the event in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        touchesStorage.filter { $0.window === window }
    }

    /// The touches delivered to `gesture`.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        touchesStorage.filter { $0.gestureRecognizers?.contains { $0 === gesture } ?? false }
    }
}
