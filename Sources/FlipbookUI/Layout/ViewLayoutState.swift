import FlipbookGraphics

/// A view's part in Auto Layout, kept in one stored property of `UIView`. A class, so that
/// reaching one field does not copy the others.
@MainActor
final class ViewLayoutState {
    /// The constraints installed on the view (`UIView.constraints`).
    var installed: [NSLayoutConstraint] = []
    /// The view's frame variables, made when a constraint first involves the view.
    var node: LayoutNode?
    /// The engine that holds the view's frame variables.
    weak var engine: LayoutEngine?
    /// The frame the engine solved for the view, rounded to pixels, for the superview's
    /// `layoutSubviews()` to apply; nil while the engine does not place the view.
    var solvedFrame: CGRect?
    /// The engine of the hierarchy, held by its root view.
    var rootEngine: LayoutEngine?
    var hugging: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    var compressionResistance: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    var margins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The guides added with `addLayoutGuide(_:)`, and the margins and safe-area guides once
    /// asked for.
    var guides: [UILayoutGuide] = []
    var needsUpdateConstraints = false
    /// The constraints made through `snp`, for `remakeConstraints` and `updateConstraints`.
    var madeConstraints: [NSLayoutConstraint] = []
}
