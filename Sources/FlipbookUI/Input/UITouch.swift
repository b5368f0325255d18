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
