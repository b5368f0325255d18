import Foundation

/// How much a layout constraint matters, from 1 to 1000 (required), as UIKit's
/// `UILayoutPriority`.
///
/// The solver meets required constraints exactly and weighs the error of every other
/// constraint by its priority: the weight grows tenfold every 125 points, so a constraint
/// at 750 counts as much as ten thousand at 250. UIKit treats priorities as strictly
/// ordered levels; the two agree unless very many lower constraints pull against one
/// higher one.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    /// The priority with which a view is squeezed to its fitting size.
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }

    /// Whether a constraint may have this priority: above 0 and at most 1000.
    var isValid: Bool { rawValue > 0 && rawValue <= 1000 }

    /// The solver's strength: required, or the weight of the constraint's error.
    var strength: Double {
        rawValue >= 1000 ? LayoutSolver.required : pow(10, Double(rawValue) / 125)
    }
}
