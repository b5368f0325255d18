import Foundation

extension NSCoder {
    /// The point a string like `"{3, 4}"` writes, as UIKit's `CGPointFromString`: the
    /// first two numbers in it; zero when there are fewer.
    public class func cgPoint(for string: String) -> CGPoint {
        let n = numbers(in: string, count: 2)
        return CGPoint(x: n[0], y: n[1])
    }

    /// The size a string like `"{3, 4}"` writes; zero when it has fewer than two numbers.
    public class func cgSize(for string: String) -> CGSize {
        let n = numbers(in: string, count: 2)
        return CGSize(width: n[0], height: n[1])
    }

    /// The rectangle a string like `"{{1, 2}, {3, 4}}"` writes; zero when it has fewer
    /// than four numbers.
    public class func cgRect(for string: String) -> CGRect {
        let n = numbers(in: string, count: 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// `"{x, y}"`, as UIKit's `NSStringFromCGPoint`.
    public class func string(for point: CGPoint) -> String { "{\(text(point.x)), \(text(point.y))}" }
    /// `"{width, height}"`, as UIKit's `NSStringFromCGSize`.
    public class func string(for size: CGSize) -> String { "{\(text(size.width)), \(text(size.height))}" }
    /// `"{{x, y}, {width, height}}"`, as UIKit's `NSStringFromCGRect`.
    public class func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }

    /// The first `count` numbers in `string`, or `count` zeros when it has fewer.
    private static func numbers(in string: String, count: Int) -> [CGFloat] {
        let found = string.split(whereSeparator: { !($0.isNumber || "+-.eE".contains($0)) }).compactMap { Double($0) }
        return found.count >= count ? found.prefix(count).map { CGFloat($0) } : Array(repeating: 0, count: count)
    }

    /// A number as UIKit writes it: whole numbers without a fraction.
    private static func text(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }
}
