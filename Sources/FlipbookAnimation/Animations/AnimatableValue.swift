/// A property value as the render tree holds it: what `fromValue`, `toValue`, `values`
/// and key-value coding carry as `Any`, in a closed set of cases that interpolate.
enum AnimatableValue: Equatable, @unchecked Sendable {
    /// Numbers and booleans (as 0 or 1).
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// A colour as straight extended-sRGB components (r, g, b, a); nil is "no colour".
    case color(SIMD4<Double>?)
    /// Boxed, so the other cases copy in a few words instead of 128 bytes.
    indirect case transform(CATransform3D)
    case path(CGPath?)
    case array([AnimatableValue])
    /// Contents and other objects that only switch (or cross-fade, for images).
    case object(AnyObject?)
    /// Contents partway through a cross-fade from one image to another.
    case crossFade(from: AnyObject?, to: AnyObject?, fraction: Double)
    /// Enumerations held as strings (fill rules, line caps, gradient types…).
    case string(String?)

    static func == (a: AnimatableValue, b: AnimatableValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x == y
        case let (.point(x), .point(y)): return x == y
        case let (.size(x), .size(y)): return x == y
        case let (.rect(x), .rect(y)): return x == y
        case let (.color(x), .color(y)): return x == y
        case let (.transform(x), .transform(y)): return x == y
        case let (.path(x), .path(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x === y
        case let (.crossFade(x0, x1, xf), .crossFade(y0, y1, yf)): return x0 === y0 && x1 === y1 && xf == yf
        case let (.string(x), .string(y)): return x == y
        default: return false
        }
    }

    /// Converts what a user hands Core Animation as `Any`: numbers of any type, points,
    /// sizes, rects, colours, transforms (3-D or affine), paths, arrays of those, strings,
    /// and objects (images). nil and `NSNull` become `.object(nil)`.
    init(any value: Any?) {
        guard let value, !(value is NSNull) else { self = .object(nil); return }
        switch value {
        case let v as AnimatableValue: self = v
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        case let v as Bool: self = .number(v ? 1 : 0)
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CGColor: self = .color(Self.components(of: v))
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGPath: self = .path(v.copy() ?? v)
        case let v as String: self = .string(v)
        case let v as [Any]: self = .array(v.map { AnimatableValue(any: $0) })
        case let v as NSValue: self = Self(boxed: v) ?? .object(v)
        default: self = .object(value as AnyObject)
        }
    }

    /// What an `NSValue` holds, as iOS code boxes geometry for animations: a point, a
    /// size, a rectangle (`NSValue(cgPoint:)`, …), a 3-D or an affine transform
    /// (`NSValue(caTransform3D:)`, `NSValue(cgAffineTransform:)`); nil for anything else.
    private init?(boxed value: NSValue) {
        switch String(cString: value.objCType) {
        case "{CGPoint=dd}": self = .point(value.pointValue)
        case "{CGSize=dd}": self = .size(value.sizeValue)
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": self = .rect(value.rectValue)
        case NSValue.transform3DType: self = .transform(value.caTransform3DValue)
        case NSValue.affineTransformType: self = .transform(CATransform3DMakeAffineTransform(value.cgAffineTransformValue))
        default: return nil
        }
    }

    /// The sRGB colour of straight components, the inverse of `components(of:)`.
    static func cgColor(_ c: SIMD4<Double>) -> CGColor {
        CGColor(srgbRed: c.x, green: c.y, blue: c.z, alpha: c.w)
    }

    static func components(of color: CGColor) -> SIMD4<Double>? {
        guard let space = CGColorSpace(name: CGColorSpace.extendedSRGB),
              let c = color.converted(to: space, intent: .defaultIntent)?.components, c.count == 4 else { return nil }
        return SIMD4(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
    }

    /// The value as Swift gives it back through key-value coding: numbers as `CGFloat`,
    /// colours as `CGColor`, and so on.
    var anyValue: Any? {
        switch self {
        case .number(let v): return CGFloat(v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .color(let c): return c.map(Self.cgColor)
        case .transform(let v): return v
        case .path(let p): return p
        case .array(let a): return a.map(\.anyValue)
        case .object(let o): return o
        case .crossFade(_, let to, _): return to
        case .string(let s): return s
        }
    }

    var number: Double? { if case .number(let v) = self { return v } else { return nil } }
    var transformValue: CATransform3D? { if case .transform(let t) = self { return t } else { return nil } }
}
