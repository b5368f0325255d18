/// The values of a property animation and how they change over one iteration: a basic
/// animation's from/to/by, a spring's, or keyframes. Immutable; evaluated at any time.
struct Curve<Value: AnimationArithmetic>: @unchecked Sendable {
    enum Shape {
        case basic
        case spring(Spring)
        /// Held unretained, so evaluating retains nothing; `keyframes` keeps them alive.
        case keyframes(Unmanaged<Keyframes<Value>>)
    }

    /// A basic animation's or a spring's start and end.
    enum Endpoints {
        case fixed(Value, Value)
        /// From, to and by as given (some missing), resolved against the model value at
        /// each evaluation; `previous` is the value shown before the change, for an
        /// animation with none of the three. Boxed: the fixed case is the common one.
        indirect case relative(from: Value?, to: Value?, by: Value?, previous: Value?)

        init(from: Value?, to: Value?, by: Value?, previous: Value?) {
            if let (start, end) = animationEndpoints(from: from, to: to, by: by, base: nil, previous: previous) {
                self = .fixed(start, end)
            } else {
                self = .relative(from: from, to: to, by: by, previous: previous)
            }
        }

        func resolve(base: Value?) -> (Value, Value)? {
            switch self {
            case let .fixed(start, end): return (start, end)
            case let .relative(from, to, by, previous):
                return animationEndpoints(from: from, to: to, by: by, base: base, previous: previous)
            }
        }

        func map<Other>(_ transform: (Value) -> Other?) -> Curve<Other>.Endpoints? {
            func convert(_ value: Value?) -> Other?? {
                guard let value else { return .some(nil) }
                return transform(value).map { .some($0) }
            }
            switch self {
            case let .fixed(start, end):
                guard let start = transform(start), let end = transform(end) else { return nil }
                return .fixed(start, end)
            case let .relative(from, to, by, previous):
                guard let from = convert(from), let to = convert(to), let by = convert(by), let previous = convert(previous)
                else { return nil }
                return .relative(from: from, to: to, by: by, previous: previous)
            }
        }
    }

    let shape: Shape
    /// Unused by keyframes.
    let endpoints: Endpoints
    /// A keyframe curve's keyframes.
    let keyframes: Keyframes<Value>?

    /// A basic animation or a spring.
    init(shape: Shape, from: Value?, to: Value?, by: Value?, previous: Value? = nil) {
        self.init(shape: shape, endpoints: Endpoints(from: from, to: to, by: by, previous: previous))
    }

    init(keyframes: Keyframes<Value>) {
        shape = .keyframes(Unmanaged.passUnretained(keyframes))
        endpoints = .relative(from: nil, to: nil, by: nil, previous: nil)
        self.keyframes = keyframes
    }

    private init(shape: Shape, endpoints: Endpoints) {
        self.shape = shape
        self.endpoints = endpoints
        keyframes = nil
    }

    /// Whether evaluating needs the model value (a missing from or to value).
    var needsBase: Bool {
        if case .keyframes = shape { return false }
        if case .fixed = endpoints { return false }
        return true
    }

    /// The same curve over other values (`transform` converts each; nil: one does not fit).
    func map<Other>(_ transform: (Value) -> Other?) -> Curve<Other>? {
        switch shape {
        case .basic:
            return endpoints.map(transform).map { Curve<Other>(shape: .basic, endpoints: $0) }
        case .spring(let spring):
            return endpoints.map(transform).map { Curve<Other>(shape: .spring(spring), endpoints: $0) }
        case .keyframes:
            return keyframes?.map(transform).map { Curve<Other>(keyframes: $0) }
        }
    }

    /// The value at `position` in an iteration of `duration` seconds; `base` is the model
    /// value (needed only when `needsBase`). With `cumulative`, each completed iteration
    /// adds the change of one iteration. Nil when the values cannot be combined.
    func value(at position: Timing.Position, duration: Double, cumulative: Bool, base: Value?) -> Value? {
        let fraction = duration > 0 ? position.time / duration : 1
        let value: Value, start: Value, end: Value
        switch shape {
        case .basic, .spring:
            guard let travel = travel(at: position, fraction: fraction, base: base) else { return nil }
            (start, end) = (travel.start, travel.end)
            value = start.interpolated(to: end, fraction: travel.progress)
        case .keyframes(let keyframes):
            // Alive as long as `self`: evaluated without retaining.
            guard let keyframe = keyframes._withUnsafeGuaranteedRef({ $0.valueAndEnds(at: fraction) }) else { return nil }
            guard cumulative else { return keyframe.value }
            (value, start, end) = keyframe
        }
        guard cumulative, position.iteration > 0, let change = end.subtracting(start),
              let total = change.scaled(by: position.iteration), let sum = value.adding(total) else { return value }
        return sum
    }

    /// What `value(at:…)` blends at `position`: one of the curve's values, or two and the
    /// fraction between them. That is all of the value for one blended linearly, with no
    /// spline, motion path or repeats adding up (a shape's path, which the render tree
    /// interpolates into the layer's own path rather than into a new one).
    enum Mix {
        case value(Value)
        case between(Value, Value, fraction: Double)
    }

    /// The mix at `position` in an iteration of `duration` seconds (`base` as for `value(at:…)`).
    func mix(at position: Timing.Position, duration: Double, base: Value?) -> Mix? {
        let fraction = duration > 0 ? position.time / duration : 1
        switch shape {
        case .basic, .spring:
            return travel(at: position, fraction: fraction, base: base).map { .between($0.start, $0.end, fraction: $0.progress) }
        case .keyframes(let keyframes):
            return keyframes._withUnsafeGuaranteedRef { keyframes in
                switch keyframes.place(at: fraction) {
                case nil: return nil
                case .at(let i): return .value(keyframes.values[i])
                case let .between(i, local): return .between(keyframes.values[i], keyframes.values[i + 1], fraction: local)
                }
            }
        }
    }

    /// A basic animation's or a spring's start and end, and how far it has gone from one to
    /// the other at `position` (`fraction` of its duration).
    private func travel(at position: Timing.Position, fraction: Double, base: Value?) -> (start: Value, end: Value, progress: Double)? {
        guard let (start, end) = endpoints.resolve(base: base) else { return nil }
        if case .spring(let spring) = shape { return (start, end, spring.fraction(at: position.time)) }
        return (start, end, fraction)
    }
}
