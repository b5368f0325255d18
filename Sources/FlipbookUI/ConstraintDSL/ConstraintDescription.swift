import FlipbookGraphics

/// One line of a `makeConstraints` closure: attributes, relation, target and modifiers,
/// turned into one `NSLayoutConstraint` per attribute.
@MainActor
final class ConstraintDescription {
    let view: UIView
    var attributes: [NSLayoutConstraint.Attribute]
    var relation = NSLayoutConstraint.Relation.equal
    /// nil: the superview.
    var target: (any ConstraintRelatableTarget)?
    var multiplier: CGFloat = 1
    var offset: CGFloat = 0
    var inset: CGFloat = 0
    var priority = UILayoutPriority.required

    init(view: UIView, attributes: [NSLayoutConstraint.Attribute]) {
        self.view = view
        self.attributes = attributes
    }

    func constraints() -> [NSLayoutConstraint] {
        attributes.enumerated().map { index, attribute in
            let (item, otherAttribute, value) = resolve(attribute, index)
            let constraint = NSLayoutConstraint(item: view, attribute: attribute, relatedBy: relation, toItem: item,
                                                attribute: item == nil ? .notAnAttribute : otherAttribute,
                                                multiplier: item == nil ? 1 : multiplier,
                                                constant: value + offset + insetAmount(for: attribute))
            constraint.priority = priority
            return constraint
        }
    }

    /// The item and attribute the `index`th attribute relates to, and the constant the
    /// target gives it.
    private func resolve(_ attribute: NSLayoutConstraint.Attribute, _ index: Int) -> (AnyObject?, NSLayoutConstraint.Attribute, CGFloat) {
        let isSize = attribute.kind == .dimension
        switch target {
        case nil: return (view.superview, attribute, 0)
        case let view as UIView: return (view, attribute, 0)
        case let guide as UILayoutGuide: return (guide, attribute, 0)
        case let item as ConstraintItem:
            let other = item.attributes.count == attributes.count ? item.attributes[index] : item.attributes.first ?? attribute
            return (item.view, other, 0)
        case let size as CGSize:
            return isSize ? (nil, attribute, attribute == .width ? size.width : size.height) : (view.superview, attribute, 0)
        case let point as CGPoint:
            return (view.superview, attribute, attribute.kind == .horizontal ? point.x : point.y)
        case let insets as UIEdgeInsets:
            let amount: CGFloat = switch attribute {
            case .top: insets.top
            case .left, .leading: insets.left
            case .bottom: -insets.bottom
            case .right, .trailing: -insets.right
            case .width: -(insets.left + insets.right)
            case .height: -(insets.top + insets.bottom)
            default: 0
            }
            return (view.superview, attribute, amount)
        case let number as Int: return (isSize ? nil : view.superview, attribute, CGFloat(number))
        case let number as Double: return (isSize ? nil : view.superview, attribute, CGFloat(number))
        case let number as CGFloat: return (isSize ? nil : view.superview, attribute, number)
        default: return (view.superview, attribute, 0)
        }
    }

    private func insetAmount(for attribute: NSLayoutConstraint.Attribute) -> CGFloat {
        switch attribute {
        case .top, .left, .leading: inset
        case .bottom, .right, .trailing: -inset
        case .width, .height: -2 * inset
        default: 0
        }
    }
}
