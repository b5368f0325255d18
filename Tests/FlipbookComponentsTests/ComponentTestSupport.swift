@testable import FlipbookComponents
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

/// A fresh host at media time 0 and a shown window of `size` points, committed.
@MainActor
func makeWindow(size: CGSize = CGSize(width: 400, height: 800)) -> UIWindow {
    AnimationHost.shared.reset(time: 0)
    UIView.setAnimationsEnabled(true)
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.makeKeyAndVisible()
    AnimationHost.shared.tick()
    return window
}

/// Moves the shared clock to `time` and ticks.
@MainActor
func tick(at time: Double) {
    MediaClock.shared.setManual(time)
    AnimationHost.shared.tick()
}

/// The window rendered at `time`, at `scale` pixels a point.
@MainActor
func frame(_ window: UIWindow, at time: Double, scale: CGFloat = 1) throws -> CGImage {
    try CARenderer(layer: window.layer, bounds: window.bounds, scale: scale).render(at: time)
}

/// Checks `image` against the golden `name`, recording it on the first run.
func expectGolden(_ image: CGImage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = Golden.compare(image, named: name)
    #expect(result.failure == nil, "\(result.failure ?? "")", sourceLocation: sourceLocation)
}

extension UIView {
    /// What is on screen now: the presentation layer (the model when none).
    var shown: CALayer { layer.presentation() ?? layer }
}
