extension AnimatableValue {
    /// The value `fraction` of the way from `self` to `other` (fractions outside 0…1
    /// extrapolate, as springs overshoot). Numbers, geometry and colours interpolate
    /// linearly; transforms part by part (see `DecomposedTransform`); paths point by point
    /// when their elements match; arrays element by element when their counts match; images
    /// cross-fade. Anything else switches at the midpoint.
    func interpolated(to other: AnimatableValue, fraction f: Double) -> AnimatableValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { CGFloat(mix(Double(a), Double(b))) }
        switch (self, other) {
        case let (.number(a), .number(b)):
            return .number(mix(a, b))
        case let (.point(a), .point(b)):
            return .point(CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case let (.size(a), .size(b)):
            return .size(CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case let (.rect(a), .rect(b)):
            return .rect(CGRect(x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                                width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height)))
        case let (.color(a?), .color(b?)):
            return .color(a + (b - a) * f)
        case let (.transform(a), .transform(b)):
            return .transform(a.interpolated(to: b, fraction: f))
        case let (.path(a?), .path(b?)):
            guard let path = a.interpolated(to: b, fraction: f) else { break }
            return .path(path)
        case let (.array(a), .array(b)) where a.count == b.count:
            return .array(zip(a, b).map { $0.interpolated(to: $1, fraction: f) })
        case let (.object(a), .object(b)) where a !== b && (a is CGImage || b is CGImage):
            if f <= 0 { return self }
            if f >= 1 { return other }
            return .crossFade(from: a, to: b, fraction: f)
        default:
            break
        }
        return f < 0.5 ? self : other
    }

    /// `self + other`: component sums; transforms concatenate (`self` first). Nil when
    /// the two cannot be added.
    func adding(_ other: AnimatableValue) -> AnimatableValue? {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.point(a), .point(b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case let (.size(a), .size(b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case let (.rect(a), .rect(b)):
            return .rect(CGRect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                                width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case let (.color(a?), .color(b?)): return .color(a + b)
        case let (.transform(a), .transform(b)): return a.adding(b).map { .transform($0) }
        case let (.array(a), .array(b)) where a.count == b.count:
            let sums = zip(a, b).compactMap { $0.adding($1) }
            return sums.count == a.count ? .array(sums) : nil
        default: return nil
        }
    }

    /// `self − other`, the inverse of `adding`: for transforms, `self` preceded by the
    /// inverse of `other`.
    func subtracting(_ other: AnimatableValue) -> AnimatableValue? {
        switch other {
        case .transform(let b):
            guard case .transform(let a) = self else { return nil }
            return a.subtracting(b).map { .transform($0) }
        default:
            return other.scaled(by: -1).flatMap { adding($0) }
        }
    }

    /// `self · k`; for a transform, its parts scaled from the identity.
    func scaled(by k: Double) -> AnimatableValue? {
        switch self {
        case .number(let a): return .number(a * k)
        case .point(let a): return .point(CGPoint(x: a.x * k, y: a.y * k))
        case .size(let a): return .size(CGSize(width: a.width * k, height: a.height * k))
        case .rect(let a): return .rect(CGRect(x: a.origin.x * k, y: a.origin.y * k, width: a.size.width * k, height: a.size.height * k))
        case .color(let a?): return .color(a * k)
        case .transform(let a): return a.scaled(by: k).map { .transform($0) }
        case .array(let a):
            let scaled = a.compactMap { $0.scaled(by: k) }
            return scaled.count == a.count ? .array(scaled) : nil
        default: return nil
        }
    }
}

extension AnimatableValue {
    /// Numbers, geometry and colours as one vector: (v), (x, y), (width, height),
    /// (x, y, width, height), (r, g, b, a). "No colour" is transparent black, so colours
    /// fade in from nothing. Nil for every other value.
    var vector: SIMD4<Double>? {
        switch self {
        case .number(let v): return SIMD4(v, 0, 0, 0)
        case .point(let p): return SIMD4(Double(p.x), Double(p.y), 0, 0)
        case .size(let s): return SIMD4(Double(s.width), Double(s.height), 0, 0)
        case .rect(let r): return SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        case .color(let c): return c ?? .zero
        default: return nil
        }
    }

    /// A value of the same kind as `self` made from vector `v`; nil for kinds without one.
    func withVector(_ v: SIMD4<Double>) -> AnimatableValue? {
        switch self {
        case .number: return .number(v.x)
        case .point: return .point(CGPoint(x: v.x, y: v.y))
        case .size: return .size(CGSize(width: v.x, height: v.y))
        case .rect: return .rect(CGRect(x: v.x, y: v.y, width: v.z, height: v.w))
        case .color: return .color(v)
        default: return nil
        }
    }

    /// The distance between two values, for paced timing (1 between values without vectors).
    func distance(to other: AnimatableValue) -> Double {
        guard let a = vector, let b = other.vector else { return 1 }
        let d = a - b
        return (d * d).sum().squareRoot()
    }
}
