import FlipbookGraphics
import FlipbookAnimation

extension UIView {
    /// How a view's frame follows its superview's size, as UIKit's `UIView.AutoresizingMask`.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// "No natural size on this axis", for `intrinsicContentSize`.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Marks the view as needing `layoutSubviews()` before the next frame.
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out the view now if it is marked (and its subviews that are marked), as the
    /// next frame would, after solving any change to the hierarchy's constraints. Inside an
    /// animation block the frames it sets animate.
    public func layoutIfNeeded() {
        layoutEngine?.updateIfNeeded()
        layer.layoutIfNeeded()
    }

    /// Resizes the view to `sizeThatFits(_:)` of its current size.
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        bounds.size = size
    }

    /// Converts a point from this view's coordinates to `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? window)?.layer)
    }

    /// Converts a point from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? window)?.layer)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s (its bounding box
    /// there).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? window)?.layer)
    }

    /// Converts a rectangle from `view`'s coordinates to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? window)?.layer)
    }

    /// After the bounds' size changed: the subviews follow their autoresizing masks.
    func boundsSizeChanged(from oldSize: CGSize) {
        let newSize = bounds.size
        guard newSize != oldSize, autoresizesSubviews else { return }
        for sub in subviewStorage where !sub.autoresizingMask.isEmpty && sub.translatesAutoresizingMaskIntoConstraints {
            sub.resize(fromSuperviewSize: oldSize, to: newSize)
        }
    }

    /// Moves and resizes the view for its superview's change of size. On each axis the
    /// change is shared among the flexible parts (margin before, size, margin after) in
    /// proportion to their current lengths, as UIKit documents; equally when they are all
    /// zero. Works on the centre and bounds, so a transformed view keeps its transform.
    private func resize(fromSuperviewSize oldSize: CGSize, to newSize: CGSize) {
        let size = bounds.size
        let origin = CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2)
        let (x, width) = Self.share(newSize.width - oldSize.width, start: origin.x, length: size.width,
                                    end: oldSize.width - origin.x - size.width,
                                    flexible: (autoresizingMask.contains(.flexibleLeftMargin), autoresizingMask.contains(.flexibleWidth),
                                               autoresizingMask.contains(.flexibleRightMargin)))
        let (y, height) = Self.share(newSize.height - oldSize.height, start: origin.y, length: size.height,
                                     end: oldSize.height - origin.y - size.height,
                                     flexible: (autoresizingMask.contains(.flexibleTopMargin), autoresizingMask.contains(.flexibleHeight),
                                                autoresizingMask.contains(.flexibleBottomMargin)))
        bounds.size = CGSize(width: width, height: height)
        center = CGPoint(x: x + width / 2, y: y + height / 2)
    }

    /// One axis of autoresizing: the new start and length.
    private static func share(_ delta: CGFloat, start: CGFloat, length: CGFloat, end: CGFloat,
                              flexible: (Bool, Bool, Bool)) -> (CGFloat, CGFloat) {
        let parts = [(flexible.0, start), (flexible.1, length), (flexible.2, end)].map { $0.0 ? max($0.1, 0) : -1 }
        let flexibleCount = parts.filter { $0 >= 0 }.count
        guard flexibleCount > 0, delta != 0 else { return (start, length) }
        let total = parts.filter { $0 >= 0 }.reduce(0, +)
        let shares = parts.map { part -> CGFloat in
            guard part >= 0 else { return 0 }
            return total > 0 ? delta * part / total : delta / CGFloat(flexibleCount)
        }
        return (start + shares[0], max(length + shares[1], 0))
    }
}
