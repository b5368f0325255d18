import FlipbookGraphics

/// Recognizes a drag that starts at an edge of the screen and moves away from it, as
/// UIKit's `UIScreenEdgePanGestureRecognizer`. The screen is the touch's window.
///
/// The touch must go down within `edgeMargin` points of one of `edges` (UIKit does not
/// document its margin; 20 points is close to what it accepts) and, once it has moved the
/// pan's 10 points, be moving mostly away from that edge; otherwise the recognizer fails.
/// After that it is a pan: `translation(in:)` and `velocity(in:)` work as there.
@MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a gesture may start from; none by default, as in UIKit.
    open var edges: UIRectEdge = []

    /// How close to an edge the touch must go down.
    static let edgeMargin: CGFloat = 20

    /// The edge the current touch started at.
    private var startEdge: UIRectEdge = []

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard numberOfTouches == 1, let touch = touches.first, let bounds = touch.window?.bounds else { return }
        let p = touch.windowLocation, margin = Self.edgeMargin
        let near: [(UIRectEdge, Bool)] = [
            (.left, p.x - bounds.minX <= margin), (.right, bounds.maxX - p.x <= margin),
            (.top, p.y - bounds.minY <= margin), (.bottom, bounds.maxY - p.y <= margin),
        ]
        startEdge = near.first { edges.contains($0.0) && $0.1 }?.0 ?? []
        if startEdge.isEmpty { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let touch = touches.first, touch.distanceMoved >= Self.hysteresis {
            let dx = touch.windowLocation.x - touch.startWindowLocation.x
            let dy = touch.windowLocation.y - touch.startWindowLocation.y
            let away: Bool = switch startEdge {
            case .left: dx > abs(dy)
            case .right: -dx > abs(dy)
            case .top: dy > abs(dx)
            default: -dy > abs(dx)
            }
            guard away else {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        super.reset()
        startEdge = []
    }
}
