import Foundation

/// A list of numbers a filter takes as a point, offset, rectangle or plain vector, as
/// Apple's `CIVector`. Components past `count` read as 0.
public final class CIVector: @unchecked Sendable, Equatable, CustomStringConvertible {
    private let values: [CGFloat]

    public init(values: [CGFloat]) { self.values = values }
    public convenience init(x: CGFloat) { self.init(values: [x]) }
    public convenience init(x: CGFloat, y: CGFloat) { self.init(values: [x, y]) }
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat) { self.init(values: [x, y, z]) }
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { self.init(values: [x, y, z, w]) }
    public convenience init(cgPoint: CGPoint) { self.init(values: [cgPoint.x, cgPoint.y]) }
    /// (x, y, width, height).
    public convenience init(cgRect: CGRect) {
        self.init(values: [cgRect.origin.x, cgRect.origin.y, cgRect.size.width, cgRect.size.height])
    }

    public var count: Int { values.count }
    public func value(at index: Int) -> CGFloat { index >= 0 && index < values.count ? values[index] : 0 }
    public var x: CGFloat { value(at: 0) }
    public var y: CGFloat { value(at: 1) }
    public var z: CGFloat { value(at: 2) }
    public var w: CGFloat { value(at: 3) }
    public var cgPoint: CGPoint { CGPoint(x: x, y: y) }
    public var cgRect: CGRect { CGRect(x: x, y: y, width: z, height: w) }

    /// "[x y …]", as Apple's `stringRepresentation`.
    public var stringRepresentation: String { "[" + values.map { "\($0)" }.joined(separator: " ") + "]" }
    public var description: String { "CIVector(\(stringRepresentation))" }

    public static func == (a: CIVector, b: CIVector) -> Bool { a.values == b.values }
}
