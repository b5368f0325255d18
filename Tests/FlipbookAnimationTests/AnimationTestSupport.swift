@testable import FlipbookAnimation
import FlipbookTestSupport

/// A fresh host at media time 0 with a committed layer, for tests that step through time.
@MainActor
func makeCommittedLayer() -> CALayer {
    AnimationHost.shared.reset(time: 0)
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.position = CGPoint(x: 50, y: 50)
    AnimationHost.shared.tick()
    return layer
}

/// Records delegate calls in order.
@MainActor
final class DelegateLog: CAAnimationDelegate {
    var events: [String] = []
    let name: String
    init(_ name: String = "") { self.name = name }
    func animationDidStart(_ anim: CAAnimation) { events.append("\(name)start@\(CACurrentMediaTime())") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append("\(name)stop(\(flag))@\(CACurrentMediaTime())")
    }
}

/// Collects diagnostics instead of printing them.
func collectingDiagnostics(_ body: () -> Void) -> [String] {
    FlipbookTestSupport.collectingDiagnostics(from: AnimationDiagnostics.channel, body)
}
