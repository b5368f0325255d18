import FlipbookGraphics
import FlipbookAnimation

/// Recognizes a drag, as UIKit's `UIPanGestureRecognizer`: it begins when the touch has
/// moved 10 points, changes with each move and ends when the touches lift.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    /// How far the touch moves before the pan begins.
    static let hysteresis: CGFloat = 10

    /// Window location the translation is measured from.
    private var origin: CGPoint = .zero
    private var current: CGPoint = .zero
    private var lastVelocity: CGPoint = .zero

    /// How far the touch has moved since it went down (or since `setTranslation`), in
    /// `view`'s coordinate system (the window's when nil).
    open func translation(in view: UIView?) -> CGPoint {
        vector(CGPoint(x: current.x - origin.x, y: current.y - origin.y), in: view)
    }

    /// Restarts the translation so that it reads `translation` now.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let window = vector(translation, in: view, inverse: true)
        origin = CGPoint(x: current.x - window.x, y: current.y - window.y)
    }

    /// The speed of the last move, in points per second of media time in `view`'s
    /// coordinate system.
    open func velocity(in view: UIView?) -> CGPoint { vector(lastVelocity, in: view) }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        if numberOfTouches == 1 { origin = touch.windowLocation }
        current = touch.windowLocation
        lastVelocity = .zero
        if numberOfTouches > maximumNumberOfTouches, state == .possible { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        let dt = touch.timestamp - touch.previousTimestamp
        if dt > 0 {
            lastVelocity = CGPoint(x: (touch.windowLocation.x - touch.previousWindowLocation.x) / dt,
                                   y: (touch.windowLocation.y - touch.previousWindowLocation.y) / dt)
        }
        current = touch.windowLocation
        switch state {
        case .possible:
            if numberOfTouches >= minimumNumberOfTouches, hypot(current.x - origin.x, current.y - origin.y) >= Self.hysteresis {
                state = .began
            }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches <= touches.count else { return }
        if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
    }

    /// A window-space vector seen in `view`'s coordinate system (or back).
    private func vector(_ v: CGPoint, in view: UIView?, inverse: Bool = false) -> CGPoint {
        guard let view, let window = view.window ?? self.view?.window else { return v }
        let a = inverse ? view.convert(CGPoint.zero, to: window) : view.convert(CGPoint.zero, from: window)
        let b = inverse ? view.convert(v, to: window) : view.convert(v, from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}
