/// An animation as the render tree holds it: immutable values, times resolved, evaluated
/// without touching any layer. A class, so the render tree shares it instead of copying
/// its values on every evaluation.
final class RenderAnimation: @unchecked Sendable {
    /// Its timing, timing function included.
    let timing: Timing
    let kind: Kind
    /// Whether it is a transition or a group holding one.
    let holdsTransition: Bool

    init(timing: Timing, kind: Kind) {
        self.timing = timing
        self.kind = kind
        switch kind {
        case .transition: holdsTransition = true
        case .group(let children): holdsTransition = children.contains { $0.holdsTransition }
        case .property, .inert: holdsTransition = false
        }
    }

    enum Kind {
        case property(PropertyAnimationModel)
        case group([RenderAnimation])
        /// A transition draws nothing into layer state; the renderer blends its captures.
        case transition(TransitionModel)
        /// An animation that cannot act (an unknown key path, values that do not fit): it
        /// still starts, stops and tells its delegate, as on Apple's platforms.
        case inert
    }

    /// Applies the animation's effect at parent time `time` to `state`: only its property
    /// animations whose key paths route through `hops` (empty: the layer it was added to).
    /// `committed` points at the layer's committed values: "the current value" of animations
    /// without a from or to value, as Core Animation uses it.
    func apply(atParentTime time: Double, hops: [LayerKeyPath.Hop] = [], committed: UnsafePointer<LayerState>,
               to state: UnsafeMutablePointer<LayerState>) {
        guard let position = timing.easedPosition(atParentTime: time) else { return }
        switch kind {
        case .property(let property):
            guard property.keyPath.hops == hops else { return }
            property.apply(at: position, duration: timing.duration, committed: committed, to: state)
        case .group(let children):
            for child in children { child.apply(atParentTime: position.time, hops: hops, committed: committed, to: state) }
        case .transition, .inert:
            break
        }
    }

    /// The transitions this animation (or a group's children) runs at parent time `time`.
    func transitions(atParentTime time: Double, into result: inout [LayerTransition]) {
        guard let position = timing.easedPosition(atParentTime: time) else { return }
        switch kind {
        case .transition(let transition):
            result.append(LayerTransition(type: transition.type, subtype: transition.subtype,
                                          progress: transition.progress(at: position, duration: timing.duration),
                                          before: transition.capture?.before, beforeTime: transition.capture?.time ?? 0,
                                          filter: transition.filter))
        case .group(let children):
            for child in children { child.transitions(atParentTime: position.time, into: &result) }
        case .property, .inert:
            break
        }
    }

    /// The properties this animation writes on the layer reached by `hops`.
    func writtenProperties(hops: [LayerKeyPath.Hop]) -> [LayerProperty] {
        switch kind {
        case .property(let property): return property.keyPath.hops == hops ? property.writtenProperties : []
        case .group(let children): return children.flatMap { $0.writtenProperties(hops: hops) }
        case .transition, .inert: return []
        }
    }
}

/// The value part of a property animation. Numbers, geometry and colours run as vectors;
/// where the key path is stored as plain Doubles (`LayerStateSlot`), the value is written
/// straight into the layer state, the render tree's fast path.
final class PropertyAnimationModel: @unchecked Sendable {
    let keyPath: LayerKeyPath
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?
    let rotationMode: CAAnimationRotationMode?
    let values: Values

    /// Boxed: reading a case's curve out of the model every frame then copies a reference,
    /// not the curve's values (two whole transforms for a basic transform animation).
    indirect enum Values {
        /// Vectors for a key path stored as plain Doubles, written straight into the state.
        case slot(SlotAnimation)
        /// Numbers for a field of a transform (`transform.rotation.z`, `transform.scale.x`…),
        /// set in the transform's parts without boxing it.
        case transformField(TransformFieldAnimation)
        /// Vectors for a flag or a colour, read and written in place.
        case flagOrColor(Curve<SIMD4<Double>>, LayerStateFlagOrColor)
        /// Vectors for any other key path (a position turning along its path…).
        case vector(Curve<SIMD4<Double>>)
        /// Whole transforms, written in place without boxing them.
        case transform(Curve<CATransform3D>)
        /// Paths, blended into the path the state holds (see `PathAnimation`).
        case path(PathAnimation)
        case general(Curve<AnimatableValue>)
    }

    init(keyPath: LayerKeyPath, additive: Bool, cumulative: Bool, valueFunction: CAValueFunction?,
         rotationMode: CAAnimationRotationMode? = nil, curve: Curve<AnimatableValue>) {
        self.keyPath = keyPath
        self.additive = additive
        self.cumulative = cumulative
        self.valueFunction = valueFunction
        self.rotationMode = rotationMode
        if valueFunction == nil, let vectors = curve.map(\.vector) {
            if rotationMode == nil, let slot = keyPath.slot {
                values = .slot(SlotAnimation(curve: vectors, slot: slot, additive: additive, cumulative: cumulative))
            } else if rotationMode == nil, keyPath.property.kind == .transform, let field = keyPath.field {
                values = .transformField(TransformFieldAnimation(curve: vectors, field: field, property: keyPath.property,
                                                                 additive: additive, cumulative: cumulative))
            } else if rotationMode == nil, keyPath.field == nil, keyPath.cell == nil,
                      let place = keyPath.property.description.flagOrColor {
                values = .flagOrColor(vectors, place)
            } else {
                values = .vector(vectors)
            }
        } else if valueFunction == nil, keyPath.field == nil, keyPath.property.kind == .transform,
                  let transforms = curve.map(\.transformValue) {
            values = .transform(transforms)
        } else if valueFunction == nil, rotationMode == nil, keyPath.field == nil, keyPath.cell == nil,
                  curve.keyframes?.segments == nil, let offset = keyPath.property.description.pathOffset,
                  let paths = curve.map(Self.path) {
            values = .path(PathAnimation(curve: paths, offset: offset))
        } else {
            values = .general(curve)
        }
    }

    /// Writes the animated value over `state`. Missing from/to values come from `committed`
    /// (the layer's committed values); additive animations add to the value underneath
    /// them in `state`.
    func apply(at position: Timing.Position, duration: Double, committed: UnsafePointer<LayerState>,
               to state: UnsafeMutablePointer<LayerState>) {
        switch values {
        case .slot(let animation):
            animation.apply(at: position, duration: duration, committed: committed, to: state)
        case .path(let animation):
            animation.apply(at: position, duration: duration, resetting: false, committed: committed, to: state)
        case .vector(let curve):
            let whole = UnsafePointer(state)[keyPath.property]
            guard let underneath = keyPath.read(from: whole), let current = underneath.vector,
                  var value = curve.value(at: position, duration: duration, cumulative: cumulative,
                                          base: curve.needsBase ? keyPath.read(from: committed[keyPath.property])?.vector : nil)
            else { return }
            if additive { value += current }
            underneath.withVector(value).map { write($0, into: whole, of: state) }
        case let .flagOrColor(curve, place):
            guard var value = curve.value(at: position, duration: duration, cumulative: cumulative,
                                          base: curve.needsBase ? place.load(from: committed) : nil)
            else { return }
            if additive { value += place.load(from: state) }
            place.store(value, into: state)
        case .transformField(let animation):
            animation.apply(at: position, duration: duration, committed: committed, to: state)
        case .transform(let curve):
            let property = keyPath.property
            guard var value = curve.value(at: position, duration: duration, cumulative: cumulative,
                                          base: curve.needsBase ? committed[transform: property] : nil) else { return }
            if additive, let sum = state[transform: property].adding(value) { value = sum }
            state[transform: property] = value
        case .general(let curve):
            let whole = UnsafePointer(state)[keyPath.property]
            guard let underneath = keyPath.read(from: whole),
                  var value = curve.value(at: position, duration: duration, cumulative: cumulative,
                                          base: curve.needsBase ? keyPath.read(from: committed[keyPath.property]) : nil)
            else { return }
            if let valueFunction, let transform = valueFunction.transform(Self.numbers(value)) {
                value = .transform(transform)
            }
            if additive, let sum = underneath.adding(value) { value = sum }
            write(value, into: whole, of: state)
        }
        if let rotation = rotation(at: position, duration: duration) {
            state.pointee.transform = CATransform3DMakeRotation(CGFloat(rotation), 0, 0, 1).concatenating(state.pointee.transform)
        }
    }

    /// Stores `value` at the key path within `whole`, the property's current value.
    private func write(_ value: AnimatableValue, into whole: AnimatableValue, of state: UnsafeMutablePointer<LayerState>) {
        guard let result = keyPath.write(value, into: whole), keyPath.property.accepts(result) else { return }
        state.pointee[keyPath.property] = result
    }

    /// The path tangent's angle for `rotationMode` animations along a path.
    private func rotation(at position: Timing.Position, duration: Double) -> Double? {
        guard let rotationMode, case .vector(let curve) = values, let keyframes = curve.keyframes,
              let angle = keyframes.tangentAngle(at: duration > 0 ? position.time / duration : 1) else { return nil }
        return rotationMode == .rotateAutoReverse ? angle + .pi : angle
    }

    /// A path-valued property's value (nil: none); nil when `value` is not one.
    private static func path(_ value: AnimatableValue) -> CGPath?? {
        switch value {
        case .path(let path): return .some(path)
        case .object(nil): return .some(nil)
        default: return nil
        }
    }

    static func numbers(_ value: AnimatableValue) -> [Double] {
        switch value {
        case .number(let v): return [v]
        case .array(let items): return items.compactMap(\.number)
        default: return []
        }
    }

    /// The properties this animation writes: its own, and the transform when it rotates
    /// along a path.
    var writtenProperties: [LayerProperty] {
        rotationMode == nil ? [keyPath.property] : [keyPath.property, .transform]
    }
}
