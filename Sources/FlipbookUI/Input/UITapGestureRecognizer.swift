import FlipbookGraphics
import FlipbookAnimation

/// Recognizes taps, as UIKit's `UITapGestureRecognizer`: the required number of touches
/// lift, having moved at most `allowableMovement`, with the required tap count (taps
/// count up when they follow each other within 0.35 s and 20 points). A recognizer that
/// wants more taps fails when the next one does not come within 0.35 s.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    /// How far a touch may move and still tap (Flipbook's name for UIKit's 10-point slop).
    open var allowableMovement: CGFloat = 10

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if touches.contains(where: { $0.distanceMoved > allowableMovement }) { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let touch = touches.first else { return }
        if touch.distanceMoved > allowableMovement { return state = .failed }
        guard touch.tapCount >= numberOfTapsRequired else {
            // Wait for the next tap; fail if it does not come in time.
            whilePossible(after: UIWindow.multipleTapInterval) { [weak self] in
                self?.state = .failed
                self?.resetState()
            }
            return
        }
        state = .recognized
    }
}
