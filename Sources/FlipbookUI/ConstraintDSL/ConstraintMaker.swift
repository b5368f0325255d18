/// Collects the constraints described in a `makeConstraints` closure: each attribute
/// property starts a description (`make.center.size.equalTo(other)`).
@MainActor
public final class ConstraintMaker {
    let view: UIView
    var descriptions: [ConstraintDescription] = []

    init(view: UIView) { self.view = view }

    static let edges: [NSLayoutConstraint.Attribute] = [.top, .left, .bottom, .right]

    public var left: ConstraintMakerExtendable { start([.left]) }
    public var right: ConstraintMakerExtendable { start([.right]) }
    public var leading: ConstraintMakerExtendable { start([.leading]) }
    public var trailing: ConstraintMakerExtendable { start([.trailing]) }
    public var top: ConstraintMakerExtendable { start([.top]) }
    public var bottom: ConstraintMakerExtendable { start([.bottom]) }
    public var width: ConstraintMakerExtendable { start([.width]) }
    public var height: ConstraintMakerExtendable { start([.height]) }
    public var centerX: ConstraintMakerExtendable { start([.centerX]) }
    public var centerY: ConstraintMakerExtendable { start([.centerY]) }
    /// Top, left, bottom and right.
    public var edges: ConstraintMakerExtendable { start(Self.edges) }
    /// Width and height.
    public var size: ConstraintMakerExtendable { start([.width, .height]) }
    /// Centre x and centre y.
    public var center: ConstraintMakerExtendable { start([.centerX, .centerY]) }

    private func start(_ attributes: [NSLayoutConstraint.Attribute]) -> ConstraintMakerExtendable {
        let description = ConstraintDescription(view: view, attributes: attributes)
        descriptions.append(description)
        return ConstraintMakerExtendable(description)
    }
}
