import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// One finger on the screen, as UIKit's `UITouch`. The window's synthetic input
/// (`UIWindow.sendTap(at:)`, `UIWindow.sendTouches(_:)`) makes them; the same object
/// follows a finger from its first contact to its lifting.
@MainActor
open class UITouch: NSObject {
    /// Where a touch is in its life.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// The touch's phase in the event being delivered.
    public internal(set) var phase: Phase = .began
    /// Media time of the touch's last change.
    public internal(set) var timestamp: TimeInterval = 0
    /// Taps in quick succession at this place (1 for a single tap).
    public internal(set) var tapCount = 1
    /// The view the touch began in: the hit-test view of its first location.
    public internal(set) weak var view: UIView?
    /// The window the touch belongs to.
    public internal(set) weak var window: UIWindow?
    /// The gesture recognizers receiving this touch.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = []

    /// Location in window coordinates: now, before the last move, and where it went down.
    var windowLocation: CGPoint = .zero
    var previousWindowLocation: CGPoint = .zero
    var startWindowLocation: CGPoint = .zero
    /// Media time of the change before the last.
    var previousTimestamp: TimeInterval = 0

    /// The farthest the touch is now from where it went down, in window points.
    var distanceMoved: CGFloat {
        hypot(windowLocation.x - startWindowLocation.x, windowLocation.y - startWindowLocation.y)
    }
    /// Whether the view has been given this touch, and whether it was then taken away by a
    /// gesture recognizer.
    var deliveredToView = false
    var cancelledInView = false

    /// The touch's location in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        convert(windowLocation, to: view)
    }

    /// The touch's location before its last move, in `view`'s coordinates.
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousWindowLocation, to: view)
    }

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window else { return point }
        return view.convert(point, from: window)
    }
}

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
