/// The part of SnapKit's constraint DSL that iOS code like the seeds uses
/// (`view.snp.makeConstraints { make in make.center.size.equalToSuperview() }`), made of
/// `NSLayoutConstraint`s, so that such code runs unchanged but for its imports.
@MainActor
public struct ConstraintViewDSL {
    let view: UIView

    /// Runs `closure` with a maker, then activates the constraints it described (turning
    /// off the view's autoresizing translation, as SnapKit does).
    public func makeConstraints(_ closure: (ConstraintMaker) -> Void) {
        let maker = ConstraintMaker(view: view)
        closure(maker)
        view.translatesAutoresizingMaskIntoConstraints = false
        let made = maker.descriptions.flatMap { $0.constraints() }
        NSLayoutConstraint.activate(made)
        view.layoutState.madeConstraints += made
    }

    /// Deactivates the constraints made through `snp` before, then makes new ones.
    public func remakeConstraints(_ closure: (ConstraintMaker) -> Void) {
        removeConstraints()
        makeConstraints(closure)
    }

    /// Changes the constants (and priorities) of constraints made before for the same
    /// attributes and items; makes the ones that are new.
    public func updateConstraints(_ closure: (ConstraintMaker) -> Void) {
        let maker = ConstraintMaker(view: view)
        closure(maker)
        for constraint in maker.descriptions.flatMap({ $0.constraints() }) {
            if let existing = view.layoutState.madeConstraints.first(where: { $0.isActive && $0.matches(constraint) }) {
                existing.constant = constraint.constant
                existing.priority = constraint.priority
            } else {
                view.translatesAutoresizingMaskIntoConstraints = false
                constraint.isActive = true
                view.layoutState.madeConstraints.append(constraint)
            }
        }
    }

    /// Deactivates the constraints made through `snp`.
    public func removeConstraints() {
        NSLayoutConstraint.deactivate(view.layoutState.madeConstraints)
        view.layoutState.madeConstraints = []
    }

    public var left: ConstraintItem { ConstraintItem(view, [.left]) }
    public var right: ConstraintItem { ConstraintItem(view, [.right]) }
    public var leading: ConstraintItem { ConstraintItem(view, [.leading]) }
    public var trailing: ConstraintItem { ConstraintItem(view, [.trailing]) }
    public var top: ConstraintItem { ConstraintItem(view, [.top]) }
    public var bottom: ConstraintItem { ConstraintItem(view, [.bottom]) }
    public var width: ConstraintItem { ConstraintItem(view, [.width]) }
    public var height: ConstraintItem { ConstraintItem(view, [.height]) }
    public var centerX: ConstraintItem { ConstraintItem(view, [.centerX]) }
    public var centerY: ConstraintItem { ConstraintItem(view, [.centerY]) }
    public var edges: ConstraintItem { ConstraintItem(view, ConstraintMaker.edges) }
    public var size: ConstraintItem { ConstraintItem(view, [.width, .height]) }
    public var center: ConstraintItem { ConstraintItem(view, [.centerX, .centerY]) }
}

extension UIView {
    /// SnapKit's constraint DSL for this view.
    public var snp: ConstraintViewDSL { ConstraintViewDSL(view: self) }
}

extension NSLayoutConstraint {
    /// Whether the two constrain the same attributes of the same items the same way.
    func matches(_ other: NSLayoutConstraint) -> Bool {
        firstItem === other.firstItem && firstAttribute == other.firstAttribute && relation == other.relation
            && secondItem === other.secondItem && secondAttribute == other.secondAttribute && multiplier == other.multiplier
    }
}
