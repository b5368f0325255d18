extension DecomposedTransform {
    /// The part a transform key path's field names (`rotation.z`, `scale.x`, `translation`…)
    /// as a value of the field's kind; nil for a field of another property.
    subscript(field: LayerKeyPath.Field) -> AnimatableValue? {
        switch field {
        case .rotationX: return .number(eulerAngles.x)
        case .rotationY: return .number(eulerAngles.y)
        case .rotationZ: return .number(eulerAngles.z)
        case .scaleX: return .number(scale.x)
        case .scaleY: return .number(scale.y)
        case .scaleZ: return .number(scale.z)
        case .scale: return .number((scale.x + scale.y + scale.z) / 3)
        case .translationX: return .number(translation.x)
        case .translationY: return .number(translation.y)
        case .translationZ: return .number(translation.z)
        case .translation: return .size(CGSize(width: translation.x, height: translation.y))
        default: return nil
        }
    }

    /// Sets the part `field` names to `value`; false (and nothing changed) when the field is
    /// not a transform's or `value` is not of its kind.
    mutating func set(_ field: LayerKeyPath.Field, to value: AnimatableValue) -> Bool {
        switch (field, value) {
        case (.rotationX, .number(let v)): eulerAngles.x = v
        case (.rotationY, .number(let v)): eulerAngles.y = v
        case (.rotationZ, .number(let v)): eulerAngles.z = v
        case (.scaleX, .number(let v)): scale.x = v
        case (.scaleY, .number(let v)): scale.y = v
        case (.scaleZ, .number(let v)): scale.z = v
        case (.scale, .number(let v)): scale = SIMD3(v, v, v)
        case (.translationX, .number(let v)): translation.x = v
        case (.translationY, .number(let v)): translation.y = v
        case (.translationZ, .number(let v)): translation.z = v
        case (.translation, .size(let s)): translation.x = Double(s.width); translation.y = Double(s.height)
        default: return false
        }
        return true
    }
}
