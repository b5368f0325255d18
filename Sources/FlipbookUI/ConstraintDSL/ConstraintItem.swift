/// Attributes of a view (`other.snp.bottom`) to relate a constraint to.
@MainActor
public struct ConstraintItem {
    let view: UIView
    let attributes: [NSLayoutConstraint.Attribute]

    init(_ view: UIView, _ attributes: [NSLayoutConstraint.Attribute]) {
        self.view = view
        self.attributes = attributes
    }
}
