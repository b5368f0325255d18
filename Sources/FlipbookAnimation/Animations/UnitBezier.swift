/// A cubic Bézier from (0, 0) to (1, 1) as polynomial coefficients of x(t) and y(t), as
/// WebKit's UnitBezier holds it: the value behind `CAMediaTimingFunction`, small enough to
/// keep inline wherever a timing function is evaluated.
struct UnitBezier: Hashable, Sendable {
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The curve with inner control points (c1x, c1y) and (c2x, c2y).
    init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        cx = 3 * c1x
        bx = 3 * (c2x - c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by
    }

    /// The eased fraction for elapsed fraction `x` (clamped to 0…1).
    func evaluate(_ x: Double) -> Double {
        guard x.isFinite else { return x > 0 ? 1 : 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = solveForT(x)
        return ((ay * t + by) * t + cy) * t
    }

    /// The curve parameter whose x is `x`: Newton's method from t = x, then bisection, as
    /// WebKit's UnitBezier solves it, to 1e-10.
    private func solveForT(_ x: Double) -> Double {
        let epsilon = 1e-10
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < epsilon { return t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = ((ax * t + bx) * t + cx) * t
            if abs(value - x) < epsilon { return t }
            if x > value { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
