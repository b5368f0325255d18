/// What animations do with values: blend, add, subtract, scale, and pass a spline through
/// them. One implementation of from/to/by, keyframes, cumulative repeats and additive
/// stacking (`Curve`, `Keyframes`) serves two kinds of value: `SIMD4<Double>` for
/// numbers, points, sizes, rects and colours (the render tree's fast path, no heap), and
/// `AnimatableValue` for everything else.
protocol AnimationArithmetic: Sendable {
    /// A point on a keyframe animation's path, as this kind of value.
    init(point: CGPoint)
    /// The value `fraction` of the way from `self` to `other` (extrapolating outside 0…1).
    func interpolated(to other: Self, fraction: Double) -> Self
    /// `self + other`, or nil when the two cannot be added.
    func adding(_ other: Self) -> Self?
    /// `self − other`, the inverse of `adding`.
    func subtracting(_ other: Self) -> Self?
    /// `self · k`.
    func scaled(by k: Double) -> Self?
    /// The Kochanek–Bartels spline from `p1` to `p2` at `s` (0…1), with `p0` and `p3`
    /// their outer neighbours; nil when the value has no such curve.
    static func spline(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, at s: Double, _ start: SplineParameters,
                       _ end: SplineParameters) -> Self?
}

/// Tension, continuity and bias at one keyframe (all 0: Catmull-Rom).
struct SplineParameters: Sendable {
    var tension = 0.0, continuity = 0.0, bias = 0.0
}

extension SIMD4: AnimationArithmetic where Scalar == Double {
    init(point: CGPoint) { self.init(Double(point.x), Double(point.y), 0, 0) }
    func interpolated(to other: Self, fraction: Double) -> Self { self + (other - self) * fraction }
    func adding(_ other: Self) -> Self? { self + other }
    func subtracting(_ other: Self) -> Self? { self - other }
    func scaled(by k: Double) -> Self? { self * k }

    static func spline(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, at s: Double, _ start: SplineParameters,
                       _ end: SplineParameters) -> Self? {
        let (t1, c1, b1) = (start.tension, start.continuity, start.bias)
        let (t2, c2, b2) = (end.tension, end.continuity, end.bias)
        // Outgoing tangent at p1 and incoming tangent at p2.
        let out = (1 - t1) * (1 + b1) * (1 + c1) / 2 * (p1 - p0) + (1 - t1) * (1 - b1) * (1 - c1) / 2 * (p2 - p1)
        let inc = (1 - t2) * (1 + b2) * (1 - c2) / 2 * (p2 - p1) + (1 - t2) * (1 - b2) * (1 + c2) / 2 * (p3 - p2)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return h00 * p1 + h10 * out + h01 * p2 + h11 * inc
    }
}

extension AnimatableValue: AnimationArithmetic {
    init(point: CGPoint) { self = .point(point) }

    /// Splines run on the value's vector (numbers, geometry, colours); other values have none.
    static func spline(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, at s: Double, _ start: SplineParameters,
                       _ end: SplineParameters) -> Self? {
        guard let v0 = p0.vector, let v1 = p1.vector, let v2 = p2.vector, let v3 = p3.vector,
              let v = SIMD4.spline(v0, v1, v2, v3, at: s, start, end) else { return nil }
        return p1.withVector(v)
    }
}

extension CATransform3D: AnimationArithmetic {
    /// A path point as a translation.
    init(point: CGPoint) { self = CATransform3DMakeTranslation(point.x, point.y, 0) }

    /// Part by part (see `DecomposedTransform`), so shapes keep their form mid-way; a
    /// transform that cannot be decomposed switches at the midpoint.
    func interpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        guard let a = DecomposedTransform(self), let b = DecomposedTransform(other) else { return fraction < 0.5 ? self : other }
        return a.interpolated(to: b, fraction: fraction).matrix
    }

    /// `self` then `other`.
    func adding(_ other: CATransform3D) -> CATransform3D? { concatenating(other) }

    /// The inverse of `adding`: `self` preceded by the inverse of `other`.
    func subtracting(_ other: CATransform3D) -> CATransform3D? { other.inverted()?.concatenating(self) }

    /// The parts scaled from the identity.
    func scaled(by k: Double) -> CATransform3D? {
        DecomposedTransform(self).map { DecomposedTransform().interpolated(to: $0, fraction: k).matrix }
    }

    static func spline(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, at s: Double, _ start: SplineParameters,
                       _ end: SplineParameters) -> Self? { nil }
}

/// The from/to/by rules of `CABasicAnimation`'s documentation: the start and end of an
/// animation for the value underneath, `base`; `previous` is the value shown before the
/// change, for an animation with none of the three (an implicit animation). Nil when the
/// values cannot be combined or an endpoint needs a missing base.
func animationEndpoints<Value: AnimationArithmetic>(from: Value?, to: Value?, by: Value?, base: Value?,
                                                    previous: Value?) -> (Value, Value)? {
    switch (from, to, by) {
    case let (from?, to?, _): return (from, to)
    case let (from?, nil, by?): return from.adding(by).map { (from, $0) }
    case let (nil, to?, by?): return to.subtracting(by).map { ($0, to) }
    default: break
    }
    guard let base else { return nil }
    switch (from, to, by) {
    case let (from?, nil, nil): return (from, base)
    case let (nil, to?, nil): return (base, to)
    case let (nil, nil, by?): return base.adding(by).map { (base, $0) }
    default: return (previous ?? base, base)
    }
}

extension Optional: AnimationArithmetic where Wrapped == CGPath {
    /// A path-valued property has no motion path: a point on one is no path.
    init(point: CGPoint) { self = nil }

    /// Point by point when both paths have the same elements; otherwise (or with no path
    /// at either end) switching at the midpoint, as `AnimatableValue` blends paths.
    func interpolated(to other: CGPath?, fraction: Double) -> CGPath? {
        if let self, let other, let mixed = self.interpolated(to: other, fraction: fraction) { return mixed }
        return fraction < 0.5 ? self : other
    }

    /// Paths do not add up.
    func adding(_ other: CGPath?) -> CGPath?? { nil }
    func subtracting(_ other: CGPath?) -> CGPath?? { nil }
    func scaled(by k: Double) -> CGPath?? { nil }

    static func spline(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, at s: Double, _ start: SplineParameters,
                       _ end: SplineParameters) -> Self? { nil }
}
