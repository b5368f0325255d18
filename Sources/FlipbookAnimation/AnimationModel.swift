/// An animation as the render tree holds it: immutable values, times resolved, evaluated
/// without touching any layer. A class, so the render tree shares it instead of copying
/// its values on every evaluation.
final class AnimationModel: @unchecked Sendable {
    let timing: Timing
    let timingFunction: CAMediaTimingFunction?
    let kind: Kind

    init(timing: Timing, timingFunction: CAMediaTimingFunction?, kind: Kind) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.kind = kind
    }

    enum Kind {
        case property(PropertyAnimationModel)
        case group([AnimationModel])
        /// A transition draws nothing into layer state; the renderer blends its captures.
        case transition
        /// An animation that cannot act (an unknown key path, values that do not fit): it
        /// still starts, stops and tells its delegate, as on Apple's platforms.
        case inert
    }

    /// The progress (eased, in seconds of one iteration) and iteration at parent time
    /// `time`, or nil when the animation has no effect then.
    func position(atParentTime time: Double) -> Timing.Position? {
        guard var position = timing.position(atParentTime: time) else { return nil }
        if let timingFunction, timing.duration > 0 {
            position.time = timingFunction.evaluate(position.time / timing.duration) * timing.duration
        }
        return position
    }

    /// Applies the animation's effect at parent time `time` to `state`: only its property
    /// animations whose key paths route through `hops` (empty: the layer it was added to).
    /// `model` is the layer's committed value set: "the current value" of animations
    /// without a from or to value, as Core Animation uses it.
    func apply(atParentTime time: Double, hops: [LayerKeyPath.Hop] = [], model: LayerState, to state: inout LayerState) {
        guard let position = position(atParentTime: time) else { return }
        switch kind {
        case .property(let property):
            guard property.keyPath.hops == hops else { return }
            property.apply(at: position, duration: timing.duration, model: model, to: &state)
        case .group(let children):
            for child in children { child.apply(atParentTime: position.time, hops: hops, model: model, to: &state) }
        case .transition, .inert:
            break
        }
    }
}

/// The value part of a property animation.
final class PropertyAnimationModel: @unchecked Sendable {
    let keyPath: LayerKeyPath
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?
    let source: Source

    enum Source {
        case basic(Endpoints)
        case spring(Endpoints, Spring)
        case keyframes(Keyframes)
    }

    /// From, to and by as given, and the value shown before the change (for animations
    /// with none of the three).
    final class Endpoints {
        let from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, previous: AnimatableValue?
        init(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, previous: AnimatableValue? = nil) {
            self.from = from; self.to = to; self.by = by; self.previous = previous
        }

        /// The start and end for the model value `base`.
        func resolve(base: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
            PropertyAnimationModel.endpoints(from: from, to: to, by: by, base: base, previous: previous)
        }
    }

    init(keyPath: LayerKeyPath, additive: Bool, cumulative: Bool, valueFunction: CAValueFunction?, source: Source) {
        self.keyPath = keyPath
        self.additive = additive
        self.cumulative = cumulative
        self.valueFunction = valueFunction
        self.source = source
    }

    /// Writes the animated value over `state`. Missing from/to values come from the model
    /// value; additive animations add to the value underneath them in `state`.
    func apply(at position: Timing.Position, duration: Double, model: LayerState, to state: inout LayerState) {
        let whole = state[keyPath.property]
        guard let underneath = keyPath.read(from: whole), let base = keyPath.read(from: model[keyPath.property]),
              var value = value(at: position, duration: duration, base: base) else { return }
        if let valueFunction, let transform = valueFunction.transform(Self.numbers(value)) {
            value = .transform(transform)
        }
        if additive, let sum = underneath.adding(value) { value = sum }
        if let rotation = rotation(at: position, duration: duration), case .transform(let t) = state[.transform] {
            state[.transform] = .transform(CATransform3DMakeRotation(CGFloat(rotation), 0, 0, 1).concatenating(t))
        }
        guard let result = keyPath.write(value, into: whole), keyPath.property.accepts(result) else { return }
        state[keyPath.property] = result
    }

    private func value(at position: Timing.Position, duration: Double, base: AnimatableValue) -> AnimatableValue? {
        switch source {
        case .basic(let endpoints):
            guard let (start, end) = endpoints.resolve(base: base) else { return nil }
            let fraction = duration > 0 ? position.time / duration : 1
            return cumulate(start.interpolated(to: end, fraction: fraction), start: start, end: end, iteration: position.iteration)
        case let .spring(endpoints, spring):
            guard let (start, end) = endpoints.resolve(base: base) else { return nil }
            let value = start.interpolated(to: end, fraction: spring.fraction(at: position.time))
            return cumulate(value, start: start, end: end, iteration: position.iteration)
        case .keyframes(let keyframes):
            guard let value = keyframes.value(at: duration > 0 ? position.time / duration : 1) else { return nil }
            guard let first = keyframes.values.first, let last = keyframes.values.last else { return value }
            return cumulate(value, start: first, end: last, iteration: position.iteration)
        }
    }

    /// With `isCumulative`, each completed iteration adds the change of one iteration.
    private func cumulate(_ value: AnimatableValue, start: AnimatableValue, end: AnimatableValue,
                          iteration: Double) -> AnimatableValue {
        guard cumulative, iteration > 0, let delta = end.subtracting(start),
              let total = delta.scaled(by: iteration), let sum = value.adding(total) else { return value }
        return sum
    }

    /// The start and end of a basic animation from its from/to/by values (the table in
    /// `CABasicAnimation`'s documentation).
    static func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                          base: AnimatableValue, previous: AnimatableValue?) -> (AnimatableValue, AnimatableValue)? {
        switch (from, to, by) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return from.adding(by).map { (from, $0) }
        case let (nil, to?, by?): return to.subtracting(by).map { ($0, to) }
        case let (from?, nil, nil): return (from, base)
        case let (nil, to?, nil): return (base, to)
        case let (nil, nil, by?): return base.adding(by).map { (base, $0) }
        case (nil, nil, nil): return (previous ?? base, base)
        }
    }

    /// The path tangent's angle for `rotationMode` animations along a path.
    private func rotation(at position: Timing.Position, duration: Double) -> Double? {
        guard case .keyframes(let keyframes) = source, let mode = keyframes.rotationMode else { return nil }
        guard let angle = keyframes.tangentAngle(at: duration > 0 ? position.time / duration : 1) else { return nil }
        return mode == .rotateAutoReverse ? angle + .pi : angle
    }

    static func numbers(_ value: AnimatableValue) -> [Double] {
        switch value {
        case .number(let v): return [v]
        case .array(let items): return items.compactMap(\.number)
        default: return []
        }
    }
}
