/// Turns animated numbers into transforms, as Core Animation's `CAValueFunction`.
public final class CAValueFunction: Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    public init?(name: CAValueFunctionName) {
        guard CAValueFunctionName.all.contains(name) else { return nil }
        self.name = name
    }

    /// The transform for `values` (one number for rotations and single-axis functions,
    /// three for `scale` and `translate`); nil when the count is wrong.
    func transform(_ values: [Double]) -> CATransform3D? {
        func one() -> CGFloat? { values.count == 1 ? CGFloat(values[0]) : nil }
        func three() -> (CGFloat, CGFloat, CGFloat)? {
            values.count == 3 ? (CGFloat(values[0]), CGFloat(values[1]), CGFloat(values[2])) : nil
        }
        switch name {
        case .rotateX: return one().map { CATransform3DMakeRotation($0, 1, 0, 0) }
        case .rotateY: return one().map { CATransform3DMakeRotation($0, 0, 1, 0) }
        case .rotateZ: return one().map { CATransform3DMakeRotation($0, 0, 0, 1) }
        case .scale: return three().map { CATransform3DMakeScale($0.0, $0.1, $0.2) }
        case .scaleX: return one().map { CATransform3DMakeScale($0, 1, 1) }
        case .scaleY: return one().map { CATransform3DMakeScale(1, $0, 1) }
        case .scaleZ: return one().map { CATransform3DMakeScale(1, 1, $0) }
        case .translate: return three().map { CATransform3DMakeTranslation($0.0, $0.1, $0.2) }
        case .translateX: return one().map { CATransform3DMakeTranslation($0, 0, 0) }
        case .translateY: return one().map { CATransform3DMakeTranslation(0, $0, 0) }
        default: return one().map { CATransform3DMakeTranslation(0, 0, $0) }
        }
    }
}
