import FlipbookGraphics
import FlipbookAnimation

/// Recognizes a press held in place, as UIKit's `UILongPressGestureRecognizer`: it begins
/// once the touch has been down `minimumPressDuration` seconds of media time without
/// moving more than `allowableMovement`, changes as it moves and ends when it lifts.
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: CFTimeInterval = 0.5
    open var allowableMovement: CGFloat = 10
    open var numberOfTouchesRequired = 1

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == numberOfTouchesRequired else {
            if numberOfTouches > numberOfTouchesRequired, state == .possible { state = .failed }
            return
        }
        whilePossible(after: minimumPressDuration) { [weak self] in
            guard let self, !self.trackedTouches.isEmpty else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: if touches.contains(where: { $0.distanceMoved > allowableMovement }) { state = .failed }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
    }
}
