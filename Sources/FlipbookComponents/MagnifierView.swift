import Foundation
import FlipbookGraphics
import FlipbookAnimation
import FlipbookUI

/// Seed 003's "analysing the image" loupe: an image, and over it a circle showing the image
/// magnified, wandering between centre-biased points for as long as the analysis runs.
///
/// As in the article, the view holds the image, and a clipping wrapper holding a magnified
/// copy masked by a circular layer. Here the copy moves against the loupe, so that the loupe
/// magnifies what is under it: at each point the copy is scaled about that point. The path
/// is a `LoupePath` (10 moves of 1 or 2 s at constant speed, then back to the centre),
/// played as keyframe animations that repeat for ever. Give `randomSeed` to get the same
/// path on every run.
///
/// ```swift
/// let magnifier = MagnifierView(frame: CGRect(x: 0, y: 0, width: 393, height: 300))
/// magnifier.image = UIImage(named: "photo.jpg")
/// view.addSubview(magnifier)
/// magnifier.startAnimating()      // while the request runs; stopAnimating() when it ends
/// ```
@MainActor
open class MagnifierView: UIView {
    /// The image analysed, filling the view.
    public let imageView = UIImageView()
    private let magnificationView = UIView()
    private let magnificationImageView = UIImageView()
    private let loupeLayer = CALayer()
    private let rimLayer = CALayer()

    /// The image shown and magnified.
    open var image: UIImage? {
        get { imageView.image }
        set {
            imageView.image = newValue
            magnificationImageView.image = newValue
        }
    }

    /// The loupe's diameter in points (200, the article's).
    open var loupeDiameter: CGFloat = 200 { didSet { sizeLoupe() } }
    /// The width of the loupe's rim in points (0, none, as in the article).
    open var loupeBorderWidth: CGFloat = 0 { didSet { sizeLoupe() } }
    /// The colour of the loupe's rim.
    open var loupeBorderColor: UIColor = .white { didSet { sizeLoupe() } }
    /// How much the loupe magnifies (2, the article's).
    open var magnification: CGFloat = 2 { didSet { setNeedsLayout() } }
    /// Random moves per pass, before the move back to the centre.
    open var moveCount = 10
    /// The seed of the path's random choices; nil chooses differently each time.
    open var randomSeed: UInt64?

    /// The path being played, nil when not animating.
    public private(set) var path: LoupePath?
    /// Whether the loupe is wandering.
    open var isAnimating: Bool { path != nil }

    private static let animationKey = "loupePath"

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addSubview(imageView)
        magnificationView.isHidden = true
        magnificationView.clipsToBounds = true
        addSubview(magnificationView)
        magnificationView.addSubview(magnificationImageView)
        loupeLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        magnificationImageView.layer.mask = loupeLayer
        magnificationView.layer.addSublayer(rimLayer)
        sizeLoupe()
        setNeedsLayout()
    }

    /// Shows the loupe and starts it wandering (from the centre).
    open func startAnimating() {
        stopAnimating()
        var random: any RandomNumberGenerator = randomSeed.map { SeededRandom(seed: $0) } ?? SystemRandomNumberGenerator()
        let path = LoupePath(size: bounds.size, moveCount: moveCount, using: &random)
        self.path = path
        magnificationView.isHidden = false
        layoutMagnifiedCopy()
        let points = path.points
        let copy = CAKeyframeAnimation(keyPath: "position")
        copy.values = points.map { copyPosition(for: $0) }
        let loupe = CAKeyframeAnimation(keyPath: "position")
        loupe.values = points.map { CGPoint(x: $0.x * magnification, y: $0.y * magnification) }
        let rim = CAKeyframeAnimation(keyPath: "position")
        rim.values = points
        for (animation, layer) in [(copy, magnificationImageView.layer), (loupe, loupeLayer), (rim, rimLayer)] {
            animation.keyTimes = path.keyTimes.map { NSNumber(value: $0) }
            animation.calculationMode = .linear
            animation.duration = path.duration
            animation.repeatCount = .infinity
            layer.add(animation, forKey: Self.animationKey)
        }
    }

    /// Hides the loupe and stops it.
    open func stopAnimating() {
        magnificationImageView.layer.removeAnimation(forKey: Self.animationKey)
        loupeLayer.removeAnimation(forKey: Self.animationKey)
        rimLayer.removeAnimation(forKey: Self.animationKey)
        magnificationView.isHidden = true
        path = nil
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = bounds
        magnificationView.frame = bounds
        layoutMagnifiedCopy()
    }

    /// Places the magnified copy and the loupe at rest: at the centre, where every path
    /// starts and ends.
    private func layoutMagnifiedCopy() {
        let point = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        UIView.performWithoutAnimation {
            magnificationImageView.bounds = CGRect(x: 0, y: 0, width: bounds.width * magnification,
                                                   height: bounds.height * magnification)
            magnificationImageView.center = copyPosition(for: point)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        loupeLayer.position = CGPoint(x: point.x * magnification, y: point.y * magnification)
        rimLayer.position = point
        CATransaction.commit()
    }

    /// Where the copy's centre goes for the loupe at `point`: the copy is the image scaled
    /// about `point`.
    private func copyPosition(for point: CGPoint) -> CGPoint {
        CGPoint(x: point.x * (1 - magnification) + bounds.width * magnification / 2,
                y: point.y * (1 - magnification) + bounds.height * magnification / 2)
    }

    private func sizeLoupe() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        loupeLayer.bounds = CGRect(x: 0, y: 0, width: loupeDiameter, height: loupeDiameter)
        loupeLayer.cornerRadius = loupeDiameter / 2
        rimLayer.bounds = loupeLayer.bounds
        rimLayer.cornerRadius = loupeDiameter / 2
        rimLayer.borderWidth = loupeBorderWidth
        rimLayer.borderColor = loupeBorderColor.cgColor
        CATransaction.commit()
    }
}
