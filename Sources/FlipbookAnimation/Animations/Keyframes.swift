/// A keyframe animation's values and how time runs through them.
final class Keyframes<Value: AnimationArithmetic>: @unchecked Sendable {
    let values: [Value]
    let segments: [PathSegment]?
    let keyTimes: [Double]
    /// Each segment's timing function's curve (the last one serving the segments after
    /// it), side by side, so easing a segment reads no object; empty for none.
    let eases: [UnitBezier]
    /// Tension, continuity and bias for each keyframe, for the cubic modes.
    let splineParameters: [SplineParameters]
    let mode: CAAnimationCalculationMode
    // The mode as flags, so evaluating compares no strings.
    private let isDiscrete: Bool, isCubic: Bool, isPaced: Bool

    init(values: [Value], segments: [PathSegment]?, keyTimes: [Double], eases: [UnitBezier],
         mode: CAAnimationCalculationMode, splineParameters: [SplineParameters]) {
        self.values = values
        self.segments = segments
        self.keyTimes = keyTimes
        self.eases = eases
        self.splineParameters = splineParameters
        self.mode = mode
        isDiscrete = mode == .discrete
        isCubic = mode == .cubic || mode == .cubicPaced
        isPaced = mode == .paced || mode == .cubicPaced
    }

    /// The same keyframes holding other values (`transform` maps each; nil: none fit).
    func map<Other>(_ transform: (Value) -> Other?) -> Keyframes<Other>? {
        let mapped = values.compactMap(transform)
        guard mapped.count == values.count else { return nil }
        return Keyframes<Other>(values: mapped, segments: segments, keyTimes: keyTimes, eases: eases,
                                mode: mode, splineParameters: splineParameters)
    }

    /// Where elapsed fraction `f` of the duration falls among the keyframes.
    enum Place {
        /// On keyframe `index`'s value, held (one keyframe, or discrete mode).
        case at(Int)
        /// In the segment from keyframe `index` to the next, `fraction` of the way (eased).
        case between(Int, fraction: Double)
    }

    /// Where `f` falls; nil without keyframes.
    func place(at f: Double) -> Place? {
        guard !values.isEmpty else { return nil }
        if values.count == 1 { return .at(0) }
        if isDiscrete { return .at(discreteIndex(at: f)) }
        let (i, local) = segment(at: f)
        return .between(i, fraction: local)
    }

    /// The value at elapsed fraction `f` of the duration.
    func value(at f: Double) -> Value? {
        switch place(at: f) {
        case nil: return nil
        case .at(let i): return values[i]
        case let .between(i, local):
            if let segments { return Value(point: segments[i].point(at: local)) }
            if isCubic, let value = cubic(i, local) { return value }
            return values[i].interpolated(to: values[i + 1], fraction: local)
        }
    }

    /// The value at `f` with the first and last keyframes, what a cumulative animation adds.
    func valueAndEnds(at f: Double) -> (value: Value, first: Value, last: Value)? {
        guard let value = value(at: f), let first = values.first, let last = values.last else { return nil }
        return (value, first, last)
    }

    /// The segment holding `f` and the eased fraction through it.
    fileprivate func segment(at f: Double) -> (Int, Double) {
        let i = index(reachedBy: f, upTo: values.count - 2)
        let span = keyTimes[i + 1] - keyTimes[i]
        var local = span > 0 ? (f - keyTimes[i]) / span : 1
        local = min(max(local, 0), 1)
        if !isPaced, !eases.isEmpty {
            local = eases[min(i, eases.count - 1)].evaluate(local)
        }
        return (i, local)
    }

    /// For discrete mode: value i holds from keyTimes[i] until the next key time.
    private func discreteIndex(at f: Double) -> Int {
        index(reachedBy: f, upTo: min(values.count, keyTimes.count) - 1)
    }

    /// The last of keyframes 0…`last` whose key time `f` has reached (0 when none has).
    /// Key times never decrease, so halving the range finds it, reading a handful of them
    /// where a scan from the start read every one before (a sampled animation has a
    /// keyframe for every frame).
    private func index(reachedBy f: Double, upTo last: Int) -> Int {
        var low = 0, high = last
        while low < high {
            let middle = (low + high + 1) / 2
            if f >= keyTimes[middle] { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Kochanek–Bartels interpolation between keyframes i and i + 1 (Catmull-Rom when
    /// tension, continuity and bias are 0). The curve's ends reuse their own keyframe as
    /// the missing neighbour.
    private func cubic(_ i: Int, _ s: Double) -> Value? {
        let n = values.count
        func parameters(_ k: Int) -> SplineParameters { k < splineParameters.count ? splineParameters[k] : SplineParameters() }
        return Value.spline(values[max(i - 1, 0)], values[i], values[i + 1], values[min(i + 2, n - 1)], at: s,
                            parameters(i), parameters(i + 1))
    }
}

extension Keyframes where Value == SIMD4<Double> {
    /// The direction of motion at `f`, in radians from +x toward +y.
    func tangentAngle(at f: Double) -> Double? {
        guard values.count > 1 else { return nil }
        let (i, local) = segment(at: f)
        let direction: CGPoint
        if let segments {
            direction = segments[i].tangent(at: local)
        } else {
            let d = values[i + 1] - values[i]
            direction = CGPoint(x: d.x, y: d.y)
        }
        guard direction.x != 0 || direction.y != 0 else { return nil }
        return atan2(Double(direction.y), Double(direction.x))
    }
}
