@testable import FlipbookUI
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import FlipbookAnimation
import Testing

/// The UI diagnostics reported while `body` runs.
func collectingUIDiagnostics(_ body: () throws -> Void) rethrows -> [String] {
    try collectingDiagnostics(from: UIDiagnostics.channel, body)
}

extension UIColor {
    /// Seed 000's helper: a one-colour image through an image context.
    func uiImage(size: CGSize = CGSize(width: 1, height: 1)) -> UIImage? {
        let rect = CGRect(origin: .zero, size: size)
        UIGraphicsBeginImageContextWithOptions(rect.size, false, 0.0)
        self.setFill()
        UIRectFill(rect)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        return image
    }
}

/// A fresh host at media time 0 and a shown, committed window of 400 × 800 points.
@MainActor
func makeWindow() -> UIWindow {
    AnimationHost.shared.reset(time: 0)
    UIView.setAnimationsEnabled(true)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    window.makeKeyAndVisible()
    AnimationHost.shared.tick()
    return window
}

/// Adds `view` to `window` and commits it, so later changes may animate.
@MainActor
func commit(_ view: UIView, in window: UIWindow) {
    window.addSubview(view)
    AnimationHost.shared.tick()
}

/// Moves the shared clock to `time` and ticks.
@MainActor
func tick(at time: Double) {
    MediaClock.shared.setManual(time)
    AnimationHost.shared.tick()
}

extension UIView {
    /// What is on screen now: the presentation layer (the model when none).
    var shown: CALayer { layer.presentation() ?? layer }
}
