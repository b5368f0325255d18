import FlipbookGraphics

/// A vertical position: top, bottom, centre y or a baseline.
@MainActor
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self == anchor + multiplier × 8`: UIKit's standard spacing below `anchor`.
    public func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        relate(.equal, anchor, constant: UIView.systemSpacing * multiplier)
    }

    /// `self >= anchor + multiplier × 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor,
                           multiplier: CGFloat) -> NSLayoutConstraint {
        relate(.greaterThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }

    /// `self <= anchor + multiplier × 8`.
    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor,
                           multiplier: CGFloat) -> NSLayoutConstraint {
        relate(.lessThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }
}
