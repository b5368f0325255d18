import FlipbookGraphics

/// The four unknowns of an item's frame: origin and size, in the coordinates of the view
/// that holds the item (the superview of a view, the owning view of a layout guide).
struct LayoutNode {
    let x, y, width, height: LayoutVariable

    init(_ name: String) {
        x = LayoutVariable("\(name).minX")
        y = LayoutVariable("\(name).minY")
        width = LayoutVariable("\(name).width")
        height = LayoutVariable("\(name).height")
    }

    var variables: [LayoutVariable] { [x, y, width, height] }
}

/// What a layout constraint can relate: a view or a layout guide.
@MainActor
protocol LayoutItem: AnyObject {
    var layoutNode: LayoutNode { get }
    /// The view whose coordinates the item's origin is in.
    var coordinateView: UIView? { get }
    /// The view that stands for the item in the view hierarchy: the view itself, or the
    /// guide's owning view.
    var hierarchyView: UIView? { get }
    /// Insets for the margin attributes.
    var marginInsets: UIEdgeInsets { get }
    /// The first and last baselines as offsets from the vertical centre; nil puts both at
    /// the bottom.
    var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? { get }
}

extension LayoutItem {
    /// The attribute as an expression in `ancestor`'s coordinates. `ancestor` is the item
    /// itself or a view holding it; `chain` collects the views whose origins it adds up.
    func expression(for attribute: NSLayoutConstraint.Attribute, in ancestor: UIView,
                    chain: inout [UIView]) -> LinearExpression {
        let node = layoutNode
        var x = LinearExpression(), y = LinearExpression()
        if self !== ancestor {
            x = LinearExpression(node.x)
            y = LinearExpression(node.y)
            var holder = coordinateView
            while let view = holder, view !== ancestor {
                chain.append(view)
                x = x + LinearExpression(view.layoutNode.x)
                y = y + LinearExpression(view.layoutNode.y)
                holder = view.superview
            }
        }
        let width = LinearExpression(node.width), height = LinearExpression(node.height)
        let margins = marginInsets
        switch attribute {
        case .left, .leading: return x
        case .right, .trailing: return x + width
        case .centerX: return x + width * 0.5
        case .width: return width
        case .top: return y
        case .bottom: return y + height
        case .centerY: return y + height * 0.5
        case .height: return height
        case .firstBaseline:
            return baselineOffsetsFromCenter.map { y + height * 0.5 + Double($0.first) } ?? y + height
        case .lastBaseline:
            return baselineOffsetsFromCenter.map { y + height * 0.5 + Double($0.last) } ?? y + height
        case .leftMargin, .leadingMargin: return x + Double(margins.left)
        case .rightMargin, .trailingMargin: return x + width - LinearExpression(constant: Double(margins.right))
        case .centerXWithinMargins: return x + width * 0.5 + Double(margins.left - margins.right) / 2
        case .topMargin: return y + Double(margins.top)
        case .bottomMargin: return y + height - LinearExpression(constant: Double(margins.bottom))
        case .centerYWithinMargins: return y + height * 0.5 + Double(margins.top - margins.bottom) / 2
        case .notAnAttribute: return LinearExpression()
        }
    }
}
