import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// The content offset moving on its own, one host frame at a time, as UIKit's scroll view
/// moves it after a drag or for an animated `setContentOffset` — not a Core Animation
/// animation, so the offset (and `scrollViewDidScroll`) changes every frame.
@MainActor
final class ScrollMotion {
    /// How the offset approaches its target.
    enum Shape {
        /// Exponential slowing: the distance left shrinks by `rate` each millisecond, as a
        /// scroll view decelerates (UIKit's `decelerationRate`).
        case decay(rate: CGFloat)
        /// Ease in and out over `duration` seconds.
        case timed(duration: CFTimeInterval)
    }

    let start: CGPoint
    let target: CGPoint
    private let shape: Shape
    private let startTime: CFTimeInterval
    private var link: CADisplayLink?

    /// Starts moving from `start` to `target`; `step` gets each new offset and whether it is
    /// the last.
    init(from start: CGPoint, to target: CGPoint, shape: Shape, step: @escaping (CGPoint, Bool) -> Void) {
        self.start = start
        self.target = target
        self.shape = shape
        startTime = CACurrentMediaTime()
        let link = CADisplayLink { [weak self] link in
            guard let self else { return link.invalidate() }
            let (offset, done) = self.offset(at: link.timestamp)
            if done { self.stop() }
            step(offset, done)
        }
        self.link = link
        link.add(to: .main, forMode: .common)
    }

    /// Stops where it is.
    func stop() {
        link?.invalidate()
        link = nil
    }

    /// The offset at media time `time`, and whether it has arrived.
    private func offset(at time: CFTimeInterval) -> (CGPoint, Bool) {
        let elapsed = max(time - startTime, 0)
        let left: CGFloat
        switch shape {
        case .decay(let rate):
            left = pow(rate, CGFloat(elapsed * 1000))
        case .timed(let duration):
            guard duration > 0, elapsed < duration else { return (target, true) }
            let t = CGFloat(elapsed / duration)
            left = 1 - t * t * (3 - 2 * t)
        }
        let point = CGPoint(x: target.x + (start.x - target.x) * left, y: target.y + (start.y - target.y) * left)
        // Within a quarter point the content is at rest: snap.
        if hypot(point.x - target.x, point.y - target.y) < 0.25 { return (target, true) }
        return (point, false)
    }
}
