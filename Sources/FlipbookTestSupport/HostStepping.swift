import FlipbookAnimation
import FlipbookGraphics
import FlipbookUI

/// Moves the shared clock to `time` and ticks.
@MainActor
public func tick(at time: Double) {
    MediaClock.shared.setManual(time)
    AnimationHost.shared.tick()
}

/// A fresh host at media time 0 and a shown, committed window of `size` points.
@MainActor
public func makeWindow(size: CGSize = CGSize(width: 400, height: 800)) -> UIWindow {
    AnimationHost.shared.reset(time: 0)
    UIView.setAnimationsEnabled(true)
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.makeKeyAndVisible()
    AnimationHost.shared.tick()
    return window
}

extension UIView {
    /// What is on screen now: the presentation layer (the model when none).
    public var shown: CALayer { layer.presentation() ?? layer }
}
