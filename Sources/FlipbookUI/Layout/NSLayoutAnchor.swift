import FlipbookGraphics

/// One attribute of a view or layout guide, from which constraints are made, as UIKit's
/// `NSLayoutAnchor`. The type parameter keeps the axes apart: an x-axis anchor relates
/// only to x-axis anchors, a dimension only to dimensions.
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    weak var item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == anchor + c`.
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        relate(.equal, anchor, constant: c)
    }

    /// `self >= anchor + c`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        relate(.greaterThanOrEqual, anchor, constant: c)
    }

    /// `self <= anchor + c`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        relate(.lessThanOrEqual, anchor, constant: c)
    }

    func relate<T>(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<T>?, multiplier: CGFloat = 1,
                   constant: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
                           attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}
