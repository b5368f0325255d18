import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A view whose content is larger than itself and moves under a drag, as UIKit's
/// `UIScrollView`. The content offset is the bounds' origin; `contentSize` and
/// `contentInset` bound it.
///
/// A drag (its `panGestureRecognizer`, driven by `UIWindow.sendDrag` or touches) moves the
/// content with the finger, rubber-banding past the edges when `bounces`; on lifting, the
/// content decelerates at `decelerationRate` to where the fling projects, snaps to the next
/// page at the fast rate when `isPagingEnabled`, or springs back inside the edges at the
/// fast rate. Motion is stepped by the
/// host's frames, so `scrollViewDidScroll` is called every frame, deterministically.
///
/// Differences: no scroll indicators are drawn; zooming is not supported; the content
/// settles past an edge by returning to it rather than overshooting and bouncing back;
/// `adjustedContentInset` is `contentInset` (Flipbook's windows have no safe-area insets).
@MainActor
open class UIScrollView: UIView {
    /// The scroll view's delegate. A collection or table view's delegate is this same
    /// property (Swift cannot narrow its type in a subclass as Objective-C does).
    open weak var delegate: (any UIScrollViewDelegate)?

    /// The size of the content.
    open var contentSize: CGSize = .zero

    /// Space around the content the offset can show.
    open var contentInset: UIEdgeInsets = .zero

    /// The insets the offset's range uses: `contentInset`.
    open var adjustedContentInset: UIEdgeInsets { contentInset }

    /// Kept for code that sets it; Flipbook's windows have no safe area to adjust for.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether the content comes to rest on multiples of the bounds size.
    open var isPagingEnabled = false
    /// Whether a drag may pull the content past its edges (it springs back).
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    /// Kept for code that sets them; Flipbook draws no scroll indicators.
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var indicatorStyle: IndicatorStyle = .default
    open var scrollsToTop = true
    open var keyboardDismissMode: KeyboardDismissMode = .none
    open var delaysContentTouches = true
    open var canCancelContentTouches = true
    /// How quickly the content slows after a drag: the share of its speed kept each
    /// millisecond.
    open var decelerationRate: DecelerationRate = .normal

    /// The drag that scrolls the content.
    public private(set) lazy var panGestureRecognizer: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer { [unowned self] recognizer in self.handlePan(recognizer as! UIPanGestureRecognizer) }
        return pan
    }()

    /// Whether a finger is on the content (from the drag's start to its end).
    open private(set) var isTracking = false
    /// Whether the content is following a drag.
    open private(set) var isDragging = false
    /// Whether the content is moving on after a drag.
    open private(set) var isDecelerating = false

    private var dragStartOffset: CGPoint = .zero
    /// The content moving on its own: decelerating, or an animated offset change.
    private var motion: ScrollMotion?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpScrolling()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpScrolling()
    }

    private func setUpScrolling() {
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
    }

    // MARK: Offset

    /// The point of the content at the view's top-left corner: the bounds' origin. Setting
    /// it tells the delegate (`scrollViewDidScroll`) and lays the view out again.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin, newValue.x.isFinite, newValue.y.isFinite else { return }
            bounds.origin = newValue
            setNeedsLayout()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Moves the content to `offset`; animated, over 0.3 s, eased in and out, a frame at a
    /// time, then `scrollViewDidEndScrollingAnimation`.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        stopMotion()
        guard animated, offset != contentOffset else {
            contentOffset = offset
            return
        }
        motion = ScrollMotion(from: contentOffset, to: offset, shape: .timed(duration: 0.3)) { [unowned self] point, done in
            contentOffset = point
            if done {
                motion = nil
                delegate?.scrollViewDidEndScrollingAnimation(self)
            }
        }
    }

    /// Scrolls the least distance that shows `rect` (content coordinates), as far as the
    /// content allows.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(clamped(offset), animated: animated)
    }

    /// Kept for code that calls it; Flipbook draws no scroll indicators.
    open func flashScrollIndicators() {}

    /// The smallest and largest offsets the content rests at.
    var offsetRange: (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset
        let min = CGPoint(x: -inset.left, y: -inset.top)
        let max = CGPoint(x: Swift.max(min.x, contentSize.width + inset.right - bounds.width),
                          y: Swift.max(min.y, contentSize.height + inset.bottom - bounds.height))
        return (min, max)
    }

    /// `offset` moved inside the range the content rests in.
    func clamped(_ offset: CGPoint) -> CGPoint {
        let range = offsetRange
        return CGPoint(x: Swift.min(Swift.max(offset.x, range.min.x), range.max.x),
                       y: Swift.min(Swift.max(offset.y, range.min.y), range.max.y))
    }

    /// Whether a drag moves the content along each axis: when the content is larger than
    /// the view, or the view always bounces that way.
    private var scrollableAxes: (horizontal: Bool, vertical: Bool) {
        let range = offsetRange
        return (range.max.x > range.min.x || alwaysBounceHorizontal, range.max.y > range.min.y || alwaysBounceVertical)
    }

    /// Stops the content where it is (a new drag catches it).
    private func stopMotion() {
        motion?.stop()
        motion = nil
        isDecelerating = false
    }

    // MARK: Dragging

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            isTracking = true
            isDragging = true
            dragStartOffset = contentOffset
            pan.setTranslation(.zero, in: self)
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            let translation = pan.translation(in: self)
            let axes = scrollableAxes
            let proposed = CGPoint(x: axes.horizontal ? dragStartOffset.x - translation.x : contentOffset.x,
                                   y: axes.vertical ? dragStartOffset.y - translation.y : contentOffset.y)
            contentOffset = bounces ? rubberBanded(proposed) : clamped(proposed)
        case .ended, .cancelled:
            isTracking = false
            let axes = scrollableAxes
            let fling = pan.state == .ended ? pan.velocity(in: self) : .zero
            // Points per second the content moves (the opposite way to the finger).
            let velocity = CGPoint(x: axes.horizontal ? -fling.x : 0, y: axes.vertical ? -fling.y : 0)
            endDrag(velocity: velocity)
        default:
            break
        }
    }

    /// Tells the delegate the drag ended and starts the content on to where it rests.
    private func endDrag(velocity: CGPoint) {
        var target = restingOffset(for: velocity)
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        let outside = contentOffset != clamped(contentOffset)
        target = clamped(target)
        let moves = hypot(target.x - contentOffset.x, target.y - contentOffset.y) >= 0.25
        isDragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        guard moves else {
            contentOffset = target
            return
        }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        // Past an edge the content springs back quickly and a page snaps into place quickly;
        // a fling slows at the chosen rate.
        let rate = outside || isPagingEnabled ? DecelerationRate.fast.rawValue : decelerationRate.rawValue
        motion = ScrollMotion(from: contentOffset, to: target, shape: .decay(rate: rate)) { [unowned self] point, done in
            contentOffset = point
            if done {
                motion = nil
                isDecelerating = false
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
    }

    /// Where a fling at `velocity` (points per second) leaves the content: the distance an
    /// exponential slowing at `decelerationRate` covers, v / (−1000 ln rate), or the nearest
    /// page in the fling's direction when paging.
    private func restingOffset(for velocity: CGPoint) -> CGPoint {
        let rate = min(max(decelerationRate.rawValue, 0.5), 0.9999)
        let reach = -1000 * log(rate)
        let projected = CGPoint(x: contentOffset.x + velocity.x / reach, y: contentOffset.y + velocity.y / reach)
        guard isPagingEnabled else { return projected }
        func page(_ offset: CGFloat, _ speed: CGFloat, _ size: CGFloat, _ start: CGFloat) -> CGFloat {
            guard size > 0 else { return offset }
            let here = (start / size).rounded()
            let next = speed > 0 ? here + 1 : speed < 0 ? here - 1 : (offset / size).rounded()
            return min(max(next, here - 1), here + 1) * size
        }
        return CGPoint(x: page(contentOffset.x, velocity.x, bounds.width, dragStartOffset.x),
                       y: page(contentOffset.y, velocity.y, bounds.height, dragStartOffset.y))
    }

    /// `offset` with any part past an edge shrunk as UIKit's rubber band does: an overshoot
    /// `x` shows as d·(1 − 1/(0.55·x/d + 1)) for a view of size d along that axis.
    private func rubberBanded(_ offset: CGPoint) -> CGPoint {
        let inside = clamped(offset)
        func band(_ over: CGFloat, _ size: CGFloat) -> CGFloat {
            guard size > 0 else { return 0 }
            let sign: CGFloat = over < 0 ? -1 : 1
            return sign * size * (1 - 1 / (0.55 * abs(over) / size + 1))
        }
        return CGPoint(x: inside.x + band(offset.x - inside.x, bounds.width),
                       y: inside.y + band(offset.y - inside.y, bounds.height))
    }
}

extension UIScrollView {
    /// The share of its speed the content keeps each millisecond after a drag.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// UIKit's default, 0.998.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// A quicker stop, 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// How the safe area adjusts the content insets (kept; Flipbook has no safe area).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
    }

    /// When a drag dismisses the keyboard (kept; Flipbook has no keyboard).
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// The scroll indicators' style (kept; Flipbook draws no indicators).
    public enum IndicatorStyle: Int, Sendable {
        case `default`, black, white
    }
}
