import Foundation

extension NSValue {
    /// The type an `NSValue` of a `CATransform3D` reports: its sixteen numbers (Foundation
    /// on Linux cannot box a struct by its own type name).
    static let transform3DType = "[16d]"
    /// The type an `NSValue` of a `CGAffineTransform` reports: its six numbers.
    static let affineTransformType = "[6d]"

    /// A value holding a 3-D transform, as Core Animation's `NSValue(caTransform3D:)`:
    /// animations take it wherever they take a `CATransform3D`.
    public convenience init(caTransform3D transform: CATransform3D) {
        var transform = transform
        self.init(bytes: &transform, objCType: NSValue.transform3DType)
    }

    /// The 3-D transform the value holds; the identity when it holds none.
    public var caTransform3DValue: CATransform3D {
        var transform = CATransform3DIdentity
        if String(cString: objCType) == NSValue.transform3DType { getValue(&transform) }
        return transform
    }

    /// A value holding an affine transform, as UIKit's `NSValue(cgAffineTransform:)`.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        var numbers = (transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
        self.init(bytes: &numbers, objCType: NSValue.affineTransformType)
    }

    /// The affine transform the value holds; the identity when it holds none.
    public var cgAffineTransformValue: CGAffineTransform {
        var numbers: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat) = (1, 0, 0, 1, 0, 0)
        if String(cString: objCType) == NSValue.affineTransformType { getValue(&numbers) }
        return CGAffineTransform(a: numbers.0, b: numbers.1, c: numbers.2, d: numbers.3, tx: numbers.4, ty: numbers.5)
    }

    /// A value holding a point, as UIKit's `NSValue(cgPoint:)`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// The point the value holds.
    public var cgPointValue: CGPoint { pointValue }
    /// A value holding a size, as UIKit's `NSValue(cgSize:)`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// The size the value holds.
    public var cgSizeValue: CGSize { sizeValue }
    /// A value holding a rectangle, as UIKit's `NSValue(cgRect:)`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The rectangle the value holds.
    public var cgRectValue: CGRect { rectValue }
}
