/// A description's attributes, which more attributes can join (`make.center.size`), and
/// its relation to a target.
@MainActor
public struct ConstraintMakerExtendable {
    let description: ConstraintDescription

    init(_ description: ConstraintDescription) { self.description = description }

    public var left: ConstraintMakerExtendable { adding(.left) }
    public var right: ConstraintMakerExtendable { adding(.right) }
    public var leading: ConstraintMakerExtendable { adding(.leading) }
    public var trailing: ConstraintMakerExtendable { adding(.trailing) }
    public var top: ConstraintMakerExtendable { adding(.top) }
    public var bottom: ConstraintMakerExtendable { adding(.bottom) }
    public var width: ConstraintMakerExtendable { adding(.width) }
    public var height: ConstraintMakerExtendable { adding(.height) }
    public var centerX: ConstraintMakerExtendable { adding(.centerX) }
    public var centerY: ConstraintMakerExtendable { adding(.centerY) }
    public var edges: ConstraintMakerExtendable { adding(ConstraintMaker.edges) }
    public var size: ConstraintMakerExtendable { adding([.width, .height]) }
    public var center: ConstraintMakerExtendable { adding([.centerX, .centerY]) }

    /// Each attribute equal to the target's (a view, a layout guide, another view's
    /// `snp` attributes, or a number, size, point or insets).
    @discardableResult
    public func equalTo(_ target: any ConstraintRelatableTarget) -> ConstraintMakerEditable { relate(.equal, target) }
    @discardableResult
    public func lessThanOrEqualTo(_ target: any ConstraintRelatableTarget) -> ConstraintMakerEditable {
        relate(.lessThanOrEqual, target)
    }
    @discardableResult
    public func greaterThanOrEqualTo(_ target: any ConstraintRelatableTarget) -> ConstraintMakerEditable {
        relate(.greaterThanOrEqual, target)
    }
    /// Each attribute equal to the superview's.
    @discardableResult
    public func equalToSuperview() -> ConstraintMakerEditable { relate(.equal, nil) }
    @discardableResult
    public func lessThanOrEqualToSuperview() -> ConstraintMakerEditable { relate(.lessThanOrEqual, nil) }
    @discardableResult
    public func greaterThanOrEqualToSuperview() -> ConstraintMakerEditable { relate(.greaterThanOrEqual, nil) }

    private func adding(_ attributes: [NSLayoutConstraint.Attribute]) -> ConstraintMakerExtendable {
        description.attributes += attributes
        return self
    }

    private func adding(_ attribute: NSLayoutConstraint.Attribute) -> ConstraintMakerExtendable { adding([attribute]) }

    private func relate(_ relation: NSLayoutConstraint.Relation, _ target: (any ConstraintRelatableTarget)?) -> ConstraintMakerEditable {
        description.relation = relation
        description.target = target
        return ConstraintMakerEditable(description)
    }
}
