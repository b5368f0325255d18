/// A damped spring's closed-form motion, `m·x″ + c·x′ + k·x = 0`, from displacement 1 to
/// rest at 0, as a progress fraction `1 − x(t)` from a start value to an end value.
struct Spring: Equatable, Sendable {
    var mass: Double
    var stiffness: Double
    var damping: Double
    /// Initial speed in fractions of the change per second, positive toward the end.
    var initialVelocity: Double
    var allowsOverdamping: Bool

    private var omega: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio ζ, clamped to critical damping unless overdamping is allowed.
    var dampingRatio: Double {
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        return allowsOverdamping ? zeta : min(zeta, 1)
    }

    private var isValid: Bool {
        mass > 0 && stiffness > 0 && damping >= 0 && mass.isFinite && stiffness.isFinite
            && damping.isFinite && initialVelocity.isFinite
    }

    /// Progress at `t` seconds: 0 at the start, 1 at rest, overshooting past 1 when underdamped.
    func fraction(at t: Double) -> Double {
        guard isValid else { return t > 0 ? 1 : 0 }
        return 1 - displacement(at: max(t, 0))
    }

    /// x(t) with x(0) = 1 and x′(0) = −initialVelocity.
    private func displacement(at t: Double) -> Double {
        let w = omega, zeta = dampingRatio, v0 = -initialVelocity
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w + v0) / wd
            return exp(-zeta * w * t) * (cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w * t) * (1 + (v0 + w) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
        let c2 = (v0 - r1) / (r2 - r1)
        return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// The time after which the spring stays within 0.08 % of the change of its end: for
    /// an underdamped spring, when its oscillation's envelope falls to that; otherwise the
    /// last time its displacement is that. The threshold reproduces the settling durations
    /// Apple documents (about 2.85 s for damping 5, just over 1 s for damping 15, with mass
    /// 1 and stiffness 100).
    var settlingDuration: Double {
        guard isValid else { return 0 }
        let threshold = 8e-4
        let w = omega, zeta = dampingRatio, v0 = -initialVelocity
        if zeta < 1 {
            guard zeta > 0 else { return .infinity }
            let wd = w * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w + v0) / wd
            return max(0, log((1 + b * b).squareRoot() / threshold) / (zeta * w))
        }
        // Non-oscillating: step back from a bound past which |x| stays small, then bisect.
        let rate = w * (zeta - (zeta * zeta - 1).squareRoot())
        let amplitude = 2 + abs(initialVelocity) * 2 / rate
        var hi = log(amplitude / threshold) / rate
        let step = hi / 1024
        var lo = hi
        while lo > 0, abs(displacement(at: lo)) < threshold { lo -= step }
        guard lo > 0 else { return 0 }
        hi = min(hi, lo + step)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if abs(displacement(at: mid)) < threshold { hi = mid } else { lo = mid }
        }
        return hi
    }
}
