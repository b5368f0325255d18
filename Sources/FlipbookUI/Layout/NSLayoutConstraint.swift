import Foundation
import FlipbookGraphics

/// A relation between two layout attributes, `firstItem.firstAttribute (relation)
/// multiplier × secondItem.secondAttribute + constant`, as UIKit's `NSLayoutConstraint`,
/// solved with the other active constraints of the view hierarchy by Flipbook's
/// Cassowary solver.
///
/// Where UIKit raises an exception (attributes of different axes, a location equal to a
/// constant, items with no common ancestor, a priority out of range) Flipbook reports the
/// problem through `UIDiagnostics` and the constraint stays inactive. Constraints that
/// cannot all be met are reported and one is left out, as UIKit does; views whose frames
/// the active constraints leave open are reported as ambiguous.
@MainActor
open class NSLayoutConstraint: @MainActor CustomStringConvertible {
    /// A part of an item's frame a constraint relates.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        enum Kind { case horizontal, vertical, dimension, none }

        var kind: Kind {
            switch self {
            case .width, .height: .dimension
            case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
                 .centerXWithinMargins: .horizontal
            case .top, .bottom, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin, .centerYWithinMargins:
                .vertical
            case .notAnAttribute: .none
            }
        }

        /// Whether the attribute names a side by reading direction, not by left and right.
        var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }
    }

    /// How the first attribute compares with the second side.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// An axis of layout, for content hugging and compression resistance.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    /// The first item (a view or a layout guide).
    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    /// The second item; nil for a constraint on a size alone.
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat

    /// The amount added to the second side. Changing it re-solves the layout at the next
    /// layout pass (or `layoutIfNeeded()`, which animates inside an animation block).
    public var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            guard constant.isFinite else {
                UIDiagnostics.report("NSLayoutConstraint.constant \(constant) is not finite; kept \(oldValue)")
                constant = oldValue
                return
            }
            layoutEngine?.constraintChanged(self)
        }
    }

    /// The priority (required by default). An active constraint cannot change between
    /// required and not required, as in UIKit: such a change is reported and ignored.
    public var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if !priority.isValid || isActive && (priority == .required) != (oldValue == .required) {
                UIDiagnostics.report("NSLayoutConstraint.priority \(priority.rawValue) not allowed for \(self) (priorities are 1...1000, and an active constraint can't change between required and not); kept \(oldValue.rawValue)")
                priority = oldValue
                return
            }
            layoutEngine?.constraintChanged(self)
        }
    }

    /// A name shown in descriptions and diagnostics.
    public var identifier: String?

    /// The view the constraint is installed on while active: the nearest common ancestor
    /// of its items (or a view above it that `addConstraint(_:)` was called on).
    weak var installedView: UIView?
    /// Why the constraint cannot be activated, when it is malformed.
    let problem: String?

    /// `item1.attribute1 (relation) multiplier × item2.attribute2 + constant`. The items
    /// are views or layout guides; `item2` is nil (with `.notAnAttribute`) for a size
    /// equal to a constant.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        let first = view1 as AnyObject, second = view2.map { $0 as AnyObject }
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = second
        secondAttribute = attr2
        self.multiplier = multiplier
        constant = c
        problem = Self.problem(first, attr1, second, attr2, multiplier, c)
    }

    /// Whether the constraint takes part in layout. Setting it installs the constraint on
    /// the nearest common ancestor of its items, or uninstalls it.
    public var isActive: Bool {
        get { installedView != nil }
        set {
            if newValue { activate(on: nil) } else { deactivate() }
        }
    }

    /// Activates each constraint, as setting `isActive`.
    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    public var description: String {
        let name = identifier.map { "'\($0)' " } ?? ""
        var text = "\(name)\(Self.describe(firstItem)).\(firstAttribute) \(relation.symbol) "
        if let secondItem, secondAttribute != .notAnAttribute {
            if multiplier != 1 { text += "\(multiplier)×" }
            text += "\(Self.describe(secondItem)).\(secondAttribute)"
            if constant != 0 { text += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        } else {
            text += "\(constant)"
        }
        if priority != .required { text += " @\(priority.rawValue)" }
        return text
    }

    // MARK: Internals

    var firstLayoutItem: (any LayoutItem)? { firstItem as? any LayoutItem }
    var secondLayoutItem: (any LayoutItem)? { secondItem as? any LayoutItem }

    /// The engine of the hierarchy the constraint is installed in.
    var layoutEngine: LayoutEngine? { installedView?.layoutEngine }

    /// Installs the constraint on `view` (checked to hold both items) or, when nil, on the
    /// items' nearest common ancestor. Returns false when it cannot be installed.
    @discardableResult
    func activate(on view: UIView?) -> Bool {
        if let problem {
            UIDiagnostics.report("Unable to activate constraint \(self): \(problem)")
            return false
        }
        guard let ancestor = commonAncestor() else {
            UIDiagnostics.report("Unable to activate constraint \(self): its items have no common ancestor (are they in the same view hierarchy?)")
            return false
        }
        let target = view ?? ancestor
        guard ancestor.isDescendant(of: target) else {
            UIDiagnostics.report("Unable to install constraint \(self) on a view that does not hold both items")
            return false
        }
        if let installedView {
            guard installedView !== target else { return true }
            deactivate()
        }
        installedView = target
        target.layoutState.installed.append(self)
        target.ensureLayoutEngine().constraintsChanged()
        return true
    }

    func deactivate() {
        guard let view = installedView else { return }
        view.layoutEngine?.constraintsChanged()
        view.layoutState.installed.removeAll { $0 === self }
        installedView = nil
    }

    /// The nearest view holding both items (for one item, the view standing for it).
    func commonAncestor() -> UIView? {
        guard let first = firstLayoutItem?.hierarchyView else { return nil }
        guard let secondItem else { return first }
        guard let second = (secondItem as? any LayoutItem)?.hierarchyView else { return nil }
        var candidate: UIView? = first
        while let view = candidate {
            if second.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return nil
    }

    /// What UIKit would raise an exception for.
    private static func problem(_ first: AnyObject, _ attr1: Attribute, _ second: AnyObject?, _ attr2: Attribute,
                                _ multiplier: CGFloat, _ constant: CGFloat) -> String? {
        guard first is any LayoutItem else { return "the first item is not a view or a layout guide" }
        guard attr1 != .notAnAttribute else { return "the first attribute is notAnAttribute" }
        guard multiplier.isFinite, constant.isFinite else { return "the multiplier and constant must be finite" }
        guard let second, attr2 != .notAnAttribute else {
            return attr1.kind == .dimension ? nil
                : "a location attribute can't equal a constant; relate it to another item's attribute"
        }
        guard second is any LayoutItem else { return "the second item is not a view or a layout guide" }
        guard attr1.kind == attr2.kind || attr1.kind == .dimension && attr2.kind == .dimension else {
            return "invalid pairing of \(attr1) with \(attr2): attributes must be of the same axis"
        }
        if attr1.kind == .horizontal, attr1.isDirectional != attr2.isDirectional {
            return "a leading/trailing attribute can't be related to a left/right one"
        }
        if attr1.kind != .dimension, multiplier == 0 {
            return "a multiplier of 0 makes a location equal a constant"
        }
        return nil
    }

    private static func describe(_ item: AnyObject?) -> String {
        guard let item else { return "nil" }
        if let guide = item as? UILayoutGuide, !guide.identifier.isEmpty { return guide.identifier }
        return String(describing: type(of: item))
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
