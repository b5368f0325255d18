import FlipbookGraphics

/// What a described constraint can relate to: views, layout guides, other views' `snp`
/// attributes, numbers (a size, or an offset from the superview), sizes, points (centres
/// in the superview) and insets (edges in from the superview).
@MainActor
public protocol ConstraintRelatableTarget {}

extension UIView: ConstraintRelatableTarget {}
extension UILayoutGuide: ConstraintRelatableTarget {}
extension ConstraintItem: ConstraintRelatableTarget {}
extension Int: ConstraintRelatableTarget {}
extension Double: ConstraintRelatableTarget {}
extension CGFloat: ConstraintRelatableTarget {}
extension CGSize: ConstraintRelatableTarget {}
extension CGPoint: ConstraintRelatableTarget {}
extension UIEdgeInsets: ConstraintRelatableTarget {}
