import FlipbookGraphics
import FlipbookAnimation

/// Spring timing, as UIKit's `UISpringTimingParameters`: either a damping ratio (the
/// spring then comes to rest as the animator's duration ends) or a mass, stiffness and
/// damping (the spring then takes its own settling time, and the animator's duration is
/// ignored, as UIKit documents).
@MainActor
open class UISpringTimingParameters: UITimingCurveProvider {
    /// Initial velocity in fractions of the change per second (dx for x, dy for y; Flipbook
    /// uses dx for every property).
    public let initialVelocity: CGVector
    let dampingRatio: CGFloat?
    let physics: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat)?

    /// A critically damped spring.
    public convenience init() { self.init(dampingRatio: 1) }

    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        physics = nil
        initialVelocity = velocity
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = nil
        physics = (mass, stiffness, damping)
        initialVelocity = velocity
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// A spring animation for these parameters, lasting `duration` when the spring is given
    /// by its damping ratio, or its own settling time otherwise.
    func makeAnimation(keyPath: String, duration: TimeInterval) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: keyPath)
        if let physics {
            animation.mass = physics.mass
            animation.stiffness = physics.stiffness
            animation.damping = physics.damping
            animation.initialVelocity = initialVelocity.dx
            animation.duration = animation.settlingDuration
        } else {
            ViewAnimation.fit(animation, dampingRatio: dampingRatio ?? 1, velocity: initialVelocity.dx, to: duration)
        }
        return animation
    }
}
