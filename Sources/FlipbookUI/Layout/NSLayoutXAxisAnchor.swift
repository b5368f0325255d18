import FlipbookGraphics

/// A horizontal position: left, right, leading, trailing or centre x.
@MainActor
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self == anchor + multiplier × 8`: UIKit's standard spacing after `anchor`.
    public func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        relate(.equal, anchor, constant: UIView.systemSpacing * multiplier)
    }

    /// `self >= anchor + multiplier × 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor,
                           multiplier: CGFloat) -> NSLayoutConstraint {
        relate(.greaterThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }

    /// `self <= anchor + multiplier × 8`.
    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor,
                           multiplier: CGFloat) -> NSLayoutConstraint {
        relate(.lessThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }
}
