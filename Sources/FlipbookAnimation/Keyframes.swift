/// A keyframe animation's values and how time runs through them.
final class Keyframes: @unchecked Sendable {
    /// One piece of a path: the curve from the previous keyframe to the next.
    enum Segment {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        func point(at t: Double) -> CGPoint {
            let s = 1 - t
            switch self {
            case let .line(a, b):
                return CGPoint(x: a.x * s + b.x * t, y: a.y * s + b.y * t)
            case let .quad(a, c, b):
                return CGPoint(x: a.x * s * s + 2 * c.x * s * t + b.x * t * t, y: a.y * s * s + 2 * c.y * s * t + b.y * t * t)
            case let .cubic(a, c1, c2, b):
                let (k0, k1, k2, k3) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
                return CGPoint(x: a.x * k0 + c1.x * k1 + c2.x * k2 + b.x * k3, y: a.y * k0 + c1.y * k1 + c2.y * k2 + b.y * k3)
            }
        }

        /// The direction of travel at `t` (a finite difference, so degenerate controls work).
        func tangent(at t: Double) -> CGPoint {
            let h = 1e-4
            let a = point(at: max(t - h, 0)), b = point(at: min(t + h, 1))
            return CGPoint(x: b.x - a.x, y: b.y - a.y)
        }

        /// Arc length, from 32 chords.
        var length: Double {
            var total = 0.0, last = point(at: 0)
            for i in 1...32 {
                let p = point(at: Double(i) / 32)
                total += hypot(p.x - last.x, p.y - last.y)
                last = p
            }
            return total
        }
    }

    let values: [AnimatableValue]
    let segments: [Segment]?
    let keyTimes: [Double]
    let timingFunctions: [CAMediaTimingFunction]?
    let mode: CAAnimationCalculationMode
    let tension: [Double], continuity: [Double], bias: [Double]
    let rotationMode: CAAnimationRotationMode?
    // The mode as flags, so evaluating compares no strings.
    private let isDiscrete: Bool, isCubic: Bool, isPaced: Bool

    init(values: [AnimatableValue], segments: [Segment]?, keyTimes: [Double], timingFunctions: [CAMediaTimingFunction]?,
         mode: CAAnimationCalculationMode, tension: [Double], continuity: [Double], bias: [Double],
         rotationMode: CAAnimationRotationMode?) {
        self.values = values
        self.segments = segments
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.mode = mode
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
        self.rotationMode = rotationMode
        isDiscrete = mode == .discrete
        isCubic = mode == .cubic || mode == .cubicPaced
        isPaced = mode == .paced || mode == .cubicPaced
    }

    /// The value at elapsed fraction `f` of the duration.
    func value(at f: Double) -> AnimatableValue? {
        guard !values.isEmpty else { return nil }
        if values.count == 1 { return values[0] }
        if isDiscrete { return values[discreteIndex(at: f)] }
        let (i, local) = segment(at: f)
        if let segments { return .point(segments[i].point(at: local)) }
        if isCubic, let value = cubic(i, local) { return value }
        return values[i].interpolated(to: values[i + 1], fraction: local)
    }

    /// The direction of motion at `f`, in radians from +x toward +y.
    func tangentAngle(at f: Double) -> Double? {
        let (i, local) = segment(at: f)
        let direction: CGPoint
        if let segments {
            direction = segments[i].tangent(at: local)
        } else if case .point(let a) = values[i], case .point(let b) = values[i + 1] {
            direction = CGPoint(x: b.x - a.x, y: b.y - a.y)
        } else {
            return nil
        }
        guard direction.x != 0 || direction.y != 0 else { return nil }
        return atan2(Double(direction.y), Double(direction.x))
    }

    /// The segment holding `f` and the eased fraction through it.
    private func segment(at f: Double) -> (Int, Double) {
        let last = values.count - 2
        var i = 0
        while i < last && f >= keyTimes[i + 1] { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        var local = span > 0 ? (f - keyTimes[i]) / span : 1
        local = min(max(local, 0), 1)
        if !isPaced, let functions = timingFunctions, !functions.isEmpty {
            local = functions[min(i, functions.count - 1)].evaluate(local)
        }
        return (i, local)
    }

    /// For discrete mode: value i holds from keyTimes[i] until the next key time.
    private func discreteIndex(at f: Double) -> Int {
        var i = 0
        while i + 1 < values.count && i + 1 < keyTimes.count && f >= keyTimes[i + 1] { i += 1 }
        return i
    }

    /// Kochanek–Bartels interpolation between keyframes i and i + 1 (Catmull-Rom when
    /// tension, continuity and bias are 0). The curve's ends reuse their own keyframe as
    /// the missing neighbour.
    private func cubic(_ i: Int, _ s: Double) -> AnimatableValue? {
        let n = values.count
        guard let p0 = values[max(i - 1, 0)].components, let p1 = values[i].components,
              let p2 = values[i + 1].components, let p3 = values[min(i + 2, n - 1)].components,
              p0.count == p1.count, p1.count == p2.count, p2.count == p3.count else { return nil }
        func parameter(_ list: [Double], _ k: Int) -> Double { k < list.count ? list[k] : 0 }
        let (t1, c1, b1) = (parameter(tension, i), parameter(continuity, i), parameter(bias, i))
        let (t2, c2, b2) = (parameter(tension, i + 1), parameter(continuity, i + 1), parameter(bias, i + 1))
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
        let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        var result: [Double] = []
        for k in 0..<p1.count {
            // Outgoing tangent at i and incoming tangent at i + 1.
            let out = (1 - t1) * (1 + b1) * (1 + c1) / 2 * (p1[k] - p0[k]) + (1 - t1) * (1 - b1) * (1 - c1) / 2 * (p2[k] - p1[k])
            let inc = (1 - t2) * (1 + b2) * (1 - c2) / 2 * (p2[k] - p1[k]) + (1 - t2) * (1 - b2) * (1 + c2) / 2 * (p3[k] - p2[k])
            result.append(h00 * p1[k] + h10 * out + h01 * p2[k] + h11 * inc)
        }
        return values[i].with(components: result)
    }
}

extension AnimatableValue {
    /// The numbers of a value that splines treat as a vector.
    var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .color(let c?): return [c.x, c.y, c.z, c.w]
        default: return nil
        }
    }

    /// A value of the same kind made from `components`.
    func with(components c: [Double]) -> AnimatableValue? {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(SIMD4(c[0], c[1], c[2], c[3]))
        default: return nil
        }
    }

    /// The distance between two values, for paced timing.
    func distance(to other: AnimatableValue) -> Double {
        guard let a = components, let b = other.components, a.count == b.count else { return 1 }
        return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
