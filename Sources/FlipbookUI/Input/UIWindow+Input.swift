import FlipbookGraphics
import FlipbookAnimation

extension UIWindow {
    /// Puts a finger down at `point` (window coordinates) at the current media time: the
    /// touch's view is the hit-test view there, and it and the gesture recognizers of that
    /// view and its ancestors receive the touch. Returns the touch, for `moveTouch` and
    /// `endTouch` (Flipbook's addition: synthetic input).
    /// A touch that goes down within 0.35 s and 20 points of where the last tap lifted
    /// counts the next tap (`tapCount`).
    @discardableResult
    public func beginTouch(at point: CGPoint) -> UITouch {
        let touch = UITouch()
        let now = CACurrentMediaTime()
        touch.window = self
        touch.windowLocation = point
        touch.previousWindowLocation = point
        touch.startWindowLocation = point
        touch.previousTimestamp = now
        if let last = lastTap, now - last.time <= Self.multipleTapInterval,
           hypot(point.x - last.location.x, point.y - last.location.y) <= 20 {
            touch.tapCount = last.count + 1
        }
        touch.view = hitTest(point, with: nil)
        touch.gestureRecognizers = touch.view.map(Self.recognizers(for:)) ?? []
        activeTouches[ObjectIdentifier(touch)] = touch
        deliver(touch, phase: .began)
        return touch
    }

    /// Moves a touch to `point` (window coordinates) at the current media time.
    public func moveTouch(_ touch: UITouch, to point: CGPoint) {
        guard activeTouches[ObjectIdentifier(touch)] != nil else { return }
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = point
        deliver(touch, phase: .moved)
    }

    /// Lifts a touch at its current location.
    public func endTouch(_ touch: UITouch) {
        guard activeTouches.removeValue(forKey: ObjectIdentifier(touch)) != nil else { return }
        lastTap = touch.distanceMoved <= 10 ? (CACurrentMediaTime(), touch.windowLocation, touch.tapCount) : nil
        deliver(touch, phase: .ended)
    }

    /// The longest pause between the taps of a double tap.
    static let multipleTapInterval: CFTimeInterval = 0.35

    /// Cancels a touch, as the system does when a call comes in.
    public func cancelTouch(_ touch: UITouch) {
        guard activeTouches.removeValue(forKey: ObjectIdentifier(touch)) != nil else { return }
        deliver(touch, phase: .cancelled)
    }

    /// A tap at `point` (window coordinates): a touch that begins and ends there at the
    /// current media time. Two taps in a row without time between them make a double tap.
    public func sendTap(at point: CGPoint) {
        endTouch(beginTouch(at: point))
    }

    /// A drag from `start` to `end` taking `duration` seconds of media time: the touch
    /// moves in `steps` equal moves, the host advancing the clock between them (so
    /// velocities are real), then lifts.
    public func sendDrag(from start: CGPoint, to end: CGPoint, duration: CFTimeInterval = 0.25, steps: Int = 10) {
        let touch = beginTouch(at: start)
        let count = max(steps, 1)
        let step = duration.isFinite && duration > 0 ? duration / Double(count) : 0
        for i in 1...count {
            if step > 0 { AnimationHost.shared.advance(by: step) }
            let f = CGFloat(i) / CGFloat(count)
            moveTouch(touch, to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        endTouch(touch)
    }

    /// The gesture recognizers that see touches in `view`: its own and its ancestors'. As
    /// in UIKit, a control's own action wins over single taps recognized around it: a
    /// touch in a control skips its ancestors' one-finger single-tap recognizers.
    private static func recognizers(for view: UIView) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = view.gestureRecognizers?.filter(\.isEnabled) ?? []
        var current = view.superview
        while let v = current {
            result += v.gestureRecognizers?.filter { recognizer in
                guard recognizer.isEnabled else { return false }
                guard view is UIControl, let tap = recognizer as? UITapGestureRecognizer else { return true }
                return tap.numberOfTapsRequired != 1 || tap.numberOfTouchesRequired != 1
            } ?? []
            current = v.superview
        }
        return result
    }

    /// Hands one change of a touch to its gesture recognizers, then to its view unless a
    /// recognizer that cancels touches in views has recognized; then ends the turn
    /// (`AnimationHost.finishTurn()`), committing what the handlers changed.
    private func deliver(_ touch: UITouch, phase: UITouch.Phase) {
        let now = CACurrentMediaTime()
        touch.phase = phase
        if phase != .began { touch.previousTimestamp = touch.timestamp }
        touch.timestamp = now
        let event = UIEvent()
        event.timestamp = now
        event.touchesStorage = [touch]
        let touches: Set<UITouch> = [touch]
        for recognizer in touch.gestureRecognizers ?? [] {
            recognizer.receive(touches, phase: phase, event: event)
        }
        defer { AnimationHost.shared.finishTurn() }
        guard let view = touch.view else { return }
        let captured = (touch.gestureRecognizers ?? []).contains { $0.capturesTouches }
        if captured {
            if !touch.cancelledInView {
                touch.cancelledInView = true
                if touch.deliveredToView { view.touchesCancelled(touches, with: event) }
            }
            return
        }
        touch.deliveredToView = true
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved, .stationary: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
    }
}
