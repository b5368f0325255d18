import FlipbookGraphics

/// A width or a height, which may also equal a constant or a multiple of another
/// dimension.
@MainActor
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// `self == c`.
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { relate(.equal, NSLayoutDimension?.none, constant: c) }
    /// `self >= c`.
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        relate(.greaterThanOrEqual, NSLayoutDimension?.none, constant: c)
    }
    /// `self <= c`.
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        relate(.lessThanOrEqual, NSLayoutDimension?.none, constant: c)
    }

    /// `self == m × anchor + c`.
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        relate(.equal, anchor, multiplier: m, constant: c)
    }
    /// `self >= m × anchor + c`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
                           constant c: CGFloat = 0) -> NSLayoutConstraint {
        relate(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    /// `self <= m × anchor + c`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
                           constant c: CGFloat = 0) -> NSLayoutConstraint {
        relate(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}
