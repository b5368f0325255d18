/// A spring's motion applied to a basic animation, as Core Animation's `CASpringAnimation`.
///
/// The spring follows the closed-form solution of `m·x″ + c·x′ + k·x = 0` from the start
/// value to the end value; the animation lasts `duration` seconds (set it to
/// `settlingDuration` to see the whole motion).
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    /// Initial speed in fractions of the whole change per second; positive is toward the end.
    open var initialVelocity: CGFloat = 0
    /// Whether damping beyond critical is honoured (false clamps it to critical damping).
    open var allowsOverdamping = false

    /// A spring that feels like it lasts `perceptualDuration` seconds, bouncing by `bounce`
    /// (0 none, up to 1; negative values overdamp), as SwiftUI's `Spring(duration:bounce:)`.
    /// Its duration is set to its settling duration.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let period = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(max(bounce, -1), 1) : 0
        mass = 1
        stiffness = pow(2 * .pi / period, 2)
        damping = b >= 0 ? (1 - b) * 4 * .pi / period : 4 * .pi / (period * max(1 + b, 1e-3))
        allowsOverdamping = b < 0
        duration = settlingDuration
    }

    /// The spring these parameters describe.
    var spring: Spring {
        Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
               initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// How long the spring takes to come to rest: the time after which it stays within
    /// 0.08 % of the change from its end value (see `Spring.settlingDuration`).
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    /// How much of the change the spring has covered `time` seconds after it starts (0 at
    /// the start, 1 at rest; above 1 while it overshoots). Flipbook's addition, as
    /// `CAMediaTimingFunction.evaluate(_:)`.
    public func fraction(atTime time: CFTimeInterval) -> Double { spring.fraction(at: time) }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
    }
}
