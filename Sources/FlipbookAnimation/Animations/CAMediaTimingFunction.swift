
/// The old Objective-C names, as seed 003 uses them.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

/// A cubic Bézier from (0, 0) to (1, 1) that maps an animation's elapsed fraction of its
/// duration to the fraction of its change, as Core Animation's `CAMediaTimingFunction`.
public final class CAMediaTimingFunction: Equatable, Hashable, Sendable {
    /// The two inner control points: c1x, c1y, c2x, c2y.
    let controlPoints: (Float, Float, Float, Float)
    /// The curve as polynomials, evaluated without touching this object.
    let curve: UnitBezier

    /// One of the predefined functions.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// A curve with inner control points (c1x, c1y) and (c2x, c2y). The x coordinates are
    /// clamped to 0…1 so time never runs backwards; non-finite values become those of linear.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func x(_ v: Float, _ fallback: Float) -> Float { v.isFinite ? min(max(v, 0), 1) : fallback }
        func y(_ v: Float, _ fallback: Float) -> Float { v.isFinite ? v : fallback }
        controlPoints = (x(c1x, 0), y(c1y, 0), x(c2x, 1), y(c2y, 1))
        curve = UnitBezier(Double(controlPoints.0), Double(controlPoints.1), Double(controlPoints.2), Double(controlPoints.3))
    }

    /// Writes control point `index` (0 = (0, 0), 1 and 2 the inner points, 3 = (1, 1)) to
    /// `values[0]` and `values[1]`. Other indices leave `values` unchanged.
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch index {
        case 0: point = (0, 0)
        case 1: point = (controlPoints.0, controlPoints.1)
        case 2: point = (controlPoints.2, controlPoints.3)
        case 3: point = (1, 1)
        default: return
        }
        values[0] = point.0
        values[1] = point.1
    }

    /// The eased fraction for elapsed fraction `x` (clamped to 0…1).
    public func evaluate(_ x: Double) -> Double { curve.evaluate(x) }

    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool {
        a.controlPoints == b.controlPoints
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(controlPoints.0); hasher.combine(controlPoints.1)
        hasher.combine(controlPoints.2); hasher.combine(controlPoints.3)
    }
}
