extension CAAnimation {
    /// The render-tree form of this animation. `defaultDuration` replaces durations of 0
    /// or less; `previous` gives the value shown before the change, for basic animations
    /// with no from, to or by value; `before` is the layer's rendering before the change,
    /// for transitions. Bad input is reported and made harmless.
    func makeRenderAnimation(defaultDuration: Double, previous: AnimatableValue? = nil,
                   before: TransitionModel.Capture? = nil) -> RenderAnimation {
        RenderAnimation(timing: sanitizedTiming(defaultDuration: defaultDuration),
                       kind: modelKind(defaultDuration: defaultDuration, previous: previous, before: before))
    }

    private func sanitizedTiming(defaultDuration: Double) -> Timing {
        func finite(_ value: Double, _ name: String, _ fallback: Double) -> Double {
            if value.isFinite { return value }
            AnimationDiagnostics.report("\(name) \(value) is not finite; using \(fallback)")
            return fallback
        }
        var timing = Timing()
        timing.beginTime = finite(beginTime, "beginTime", 0)
        timing.duration = duration.isFinite && duration > 0 ? duration : defaultDuration
        if duration.isNaN || duration.isInfinite { AnimationDiagnostics.report("duration \(duration) is not finite; using \(defaultDuration)") }
        timing.speed = finite(Double(speed), "speed", 1)
        timing.timeOffset = finite(timeOffset, "timeOffset", 0)
        if repeatCount.isNaN || repeatCount < 0 {
            AnimationDiagnostics.report("repeatCount \(repeatCount) is negative or NaN; using 0")
        } else {
            timing.repeatCount = repeatCount == .greatestFiniteMagnitude ? .infinity : Double(repeatCount)
        }
        if repeatDuration.isNaN || repeatDuration < 0 {
            AnimationDiagnostics.report("repeatDuration \(repeatDuration) is negative or NaN; using 0")
        } else {
            timing.repeatDuration = repeatDuration
        }
        timing.autoreverses = autoreverses
        timing.ease = timingFunction?.curve
        timing.fillsBackwards = fillMode == .backwards || fillMode == .both
        // An animation removed on completion shows nothing from its end on, whatever its
        // fill mode.
        timing.fillsForwards = (fillMode == .forwards || fillMode == .both) && !isRemovedOnCompletion
        return timing
    }

    private func modelKind(defaultDuration: Double, previous: AnimatableValue?,
                           before: TransitionModel.Capture?) -> RenderAnimation.Kind {
        switch self {
        case let group as CAAnimationGroup:
            // A child without a duration runs as long as its group, as Apple's own group
            // example (a fade and a scale, only the group timed) relies on.
            let groupDuration = sanitizedTiming(defaultDuration: defaultDuration).duration
            return .group((group.animations ?? []).map { $0.makeRenderAnimation(defaultDuration: groupDuration) })
        case let transition as CATransition:
            return .transition(TransitionModel(transition, before: before))
        case let property as CAPropertyAnimation:
            return property.propertyModel(previous: previous).map { .property($0) } ?? .inert
        default:
            return .inert
        }
    }
}

extension CAPropertyAnimation {
    /// The resolved key path, or nil (reported) when Core Animation has no such property.
    var resolvedKeyPath: LayerKeyPath? {
        guard let keyPath else {
            AnimationDiagnostics.report("\(type(of: self)) has no keyPath; it animates nothing")
            return nil
        }
        guard let resolved = LayerKeyPath(keyPath) else {
            AnimationDiagnostics.report("unknown key path '\(keyPath)'; the animation animates nothing")
            return nil
        }
        return resolved
    }

    fileprivate func propertyModel(previous: AnimatableValue?) -> PropertyAnimationModel? {
        guard let keyPath = resolvedKeyPath, let curve = curve(for: keyPath, previous: previous) else { return nil }
        return PropertyAnimationModel(keyPath: keyPath, additive: isAdditive, cumulative: isCumulative,
                                      valueFunction: valueFunction, rotationMode: (self as? CAKeyframeAnimation)?.rotationMode,
                                      curve: curve)
    }

    /// A user's value converted and checked against the key path; nil (reported) when it
    /// does not fit.
    func checkedValue(_ value: Any?, _ role: String, for keyPath: LayerKeyPath) -> AnimatableValue? {
        guard let value, !(value is NSNull) else { return nil }
        let converted = AnimatableValue(any: value)
        if valueFunction != nil {
            if case .number = converted { return converted }
            if case .array = converted { return converted }
        }
        guard keyPath.accepts(converted) else {
            AnimationDiagnostics.report("\(role) \(value) (\(type(of: value))) does not fit key path '\(self.keyPath ?? "")'; ignored")
            return nil
        }
        return converted
    }

    private func curve(for keyPath: LayerKeyPath, previous: AnimatableValue?) -> Curve<AnimatableValue>? {
        switch self {
        case let basic as CABasicAnimation:
            let shape: Curve<AnimatableValue>.Shape = (basic as? CASpringAnimation).map { .spring($0.spring) } ?? .basic
            return Curve(shape: shape, from: checkedValue(basic.fromValue, "fromValue", for: keyPath),
                         to: checkedValue(basic.toValue, "toValue", for: keyPath),
                         by: checkedValue(basic.byValue, "byValue", for: keyPath), previous: previous)
        case let keyframe as CAKeyframeAnimation:
            return keyframe.keyframes(for: keyPath).map { Curve(keyframes: $0) }
        default:
            return nil
        }
    }
}

extension CAKeyframeAnimation {
    /// The keyframes, with keyTimes checked (invalid ones are reported and replaced by
    /// even spacing) and paced modes timed by distance.
    fileprivate func keyframes(for keyPath: LayerKeyPath) -> Keyframes<AnimatableValue>? {
        var values: [AnimatableValue]
        var segments: [PathSegment]?
        if let path {
            let built = Self.segments(of: path)
            guard !built.points.isEmpty else { return nil }
            values = built.points.map { .point($0) }
            segments = built.segments
            guard keyPath.kind == .point else {
                AnimationDiagnostics.report("a keyframe path animates points, not key path '\(self.keyPath ?? "")'; ignored")
                return nil
            }
        } else {
            values = (self.values ?? []).enumerated().compactMap { checkedValue($1, "values[\($0)]", for: keyPath) }
            guard values.count == (self.values ?? []).count, !values.isEmpty else { return nil }
        }
        let discrete = calculationMode == .discrete
        var times = keyTimes?.map(\.doubleValue)
        if let given = times {
            let expected = discrete ? [values.count, values.count + 1] : [values.count]
            let ordered = zip(given, given.dropFirst()).allSatisfy { $0 <= $1 }
            let inRange = given.allSatisfy { $0 >= 0 && $0 <= 1 }
            if !expected.contains(given.count) || !ordered || !inRange {
                AnimationDiagnostics.report("keyTimes \(given) do not fit \(values.count) keyframes (wrong count, out of order or outside 0…1); spacing them evenly")
                times = nil
            }
        }
        let segmentCount = max(values.count - 1, 1)
        var resolved = times ?? (0...(discrete ? values.count : segmentCount)).map { Double($0) / Double(discrete ? values.count : segmentCount) }
        if calculationMode == .paced || calculationMode == .cubicPaced {
            let lengths = segments.map { $0.map(\.length) } ?? zip(values, values.dropFirst()).map { $0.distance(to: $1) }
            let total = lengths.reduce(0, +)
            if total > 0 {
                var sum = 0.0
                resolved = [0] + lengths.map { sum += $0; return sum / total }
            }
        }
        if resolved.count < values.count { resolved.append(contentsOf: repeatElement(1, count: values.count - resolved.count)) }
        func parameter(_ list: [NSNumber]?, _ k: Int) -> Double { list.flatMap { k < $0.count ? $0[k].doubleValue : nil } ?? 0 }
        let splineParameters = values.indices.map {
            SplineParameters(tension: parameter(tensionValues, $0), continuity: parameter(continuityValues, $0),
                             bias: parameter(biasValues, $0))
        }
        return Keyframes(values: values, segments: segments, keyTimes: resolved, eases: timingFunctions?.map(\.curve) ?? [],
                         mode: calculationMode, splineParameters: splineParameters)
    }

    /// The path's keyframe points (each element's end point, after the first move) and the
    /// curves between them.
    private static func segments(of path: CGPath) -> (points: [CGPoint], segments: [PathSegment]) {
        var points: [CGPoint] = [], segments: [PathSegment] = []
        var current = CGPoint.zero, start = CGPoint.zero
        path.applyWithBlock { pointer in
            let e = pointer.pointee
            switch e.type {
            case .moveToPoint:
                current = e.points[0]; start = current
                if points.isEmpty { points.append(current) }
            case .addLineToPoint:
                segments.append(.line(current, e.points[0])); current = e.points[0]; points.append(current)
            case .addQuadCurveToPoint:
                segments.append(.quad(current, e.points[0], e.points[1])); current = e.points[1]; points.append(current)
            case .addCurveToPoint:
                segments.append(.cubic(current, e.points[0], e.points[1], e.points[2])); current = e.points[2]; points.append(current)
            case .closeSubpath:
                if current != start { segments.append(.line(current, start)); points.append(start) }
                current = start
            @unknown default:
                break
            }
        }
        return (points, segments)
    }
}
