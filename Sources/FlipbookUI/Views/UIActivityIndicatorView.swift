import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// The spinning "busy" wheel, as UIKit's `UIActivityIndicatorView`: eight rounded spokes
/// around the centre, each fading from full to a third of its colour in turn, once a
/// second (a replicator layer of one spoke, its opacity animation delayed an eighth of a
/// second per copy). Hidden while stopped unless `hidesWhenStopped` is false.
@MainActor
open class UIActivityIndicatorView: UIView {
    /// The indicator's size, as UIKit's `UIActivityIndicatorView.Style`.
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        /// The side of the square the indicator fills.
        var side: CGFloat { self == .large ? 37 : 20 }
    }

    open var style: Style { didSet { rebuild() } }
    /// The spokes' colour (a medium gray by default).
    open var color: UIColor! = .systemGray { didSet { spoke.backgroundColor = color?.cgColor } }
    open var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    public private(set) var isAnimating = false

    private let wheel = CAReplicatorLayer()
    private let spoke = CALayer()
    private static let spokes = 8
    private static let fadeKey = "UIActivityIndicatorFade"

    /// A stopped indicator of `style`.
    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        setUp()
    }

    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        isUserInteractionEnabled = false
        wheel.addSublayer(spoke)
        layer.addSublayer(wheel)
        spoke.backgroundColor = color?.cgColor
        isHidden = hidesWhenStopped
        rebuild()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }

    open override func layoutSubviews() {
        wheel.frame = CGRect(x: bounds.midX - style.side / 2, y: bounds.midY - style.side / 2, width: style.side, height: style.side)
    }

    /// Starts spinning (and shows the indicator).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.3
        fade.duration = 1
        fade.repeatCount = .infinity
        spoke.add(fade, forKey: Self.fadeKey)
    }

    /// Stops spinning (and hides the indicator when `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spoke.removeAnimation(forKey: Self.fadeKey)
        isHidden = hidesWhenStopped
    }

    /// One spoke at the top of the wheel; the replicator turns a copy an eighth of a turn
    /// further round for each, its fade an eighth of a second later.
    private func rebuild() {
        let side = style.side
        let width = side * 0.09, length = side * 0.28
        spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
        spoke.position = CGPoint(x: side / 2, y: length / 2)
        spoke.cornerRadius = width / 2
        spoke.opacity = 0.3
        wheel.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        wheel.instanceCount = Self.spokes
        wheel.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(Self.spokes), 0, 0, 1)
        wheel.instanceDelay = 1 / Double(Self.spokes)
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }
}
