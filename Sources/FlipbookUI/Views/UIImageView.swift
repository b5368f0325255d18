import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A view that shows an image, as UIKit's `UIImageView`: the image is the layer's
/// contents, fitted by `contentMode` (stretched to fill by default). With
/// `animationImages` it plays them in turn, as a discrete keyframe animation of the
/// contents.
@MainActor
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage? { didSet { showImage() } }
    /// The image shown while `isHighlighted`.
    open var highlightedImage: UIImage? { didSet { showImage() } }
    open var isHighlighted = false { didSet { showImage() } }
    /// Images played in turn by `startAnimating()`.
    open var animationImages: [UIImage]?
    /// Seconds for one pass through `animationImages` (0: a thirtieth of a second each).
    open var animationDuration: TimeInterval = 0
    /// Passes to play; 0 repeats for ever.
    open var animationRepeatCount = 0

    private static let animationKey = "UIImageAnimation"

    /// An image view the size of `image`.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showImage()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image's size.
    open override var intrinsicContentSize: CGSize {
        shownImage?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image shown now: the highlighted one while highlighted, when there is one.
    private var shownImage: UIImage? { isHighlighted ? highlightedImage ?? image : image }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// Starts playing `animationImages`.
    open func startAnimating() {
        guard let frames = animationImages?.compactMap(\.uprightBitmap), !frames.isEmpty else { return }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames
        animation.calculationMode = .discrete
        animation.duration = animationDuration > 0 ? animationDuration : Double(frames.count) / 30
        animation.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        layer.add(animation, forKey: Self.animationKey)
    }

    /// Stops playing.
    open func stopAnimating() { layer.removeAnimation(forKey: Self.animationKey) }

    /// Whether `animationImages` are playing.
    open var isAnimating: Bool { layer.animation(forKey: Self.animationKey) != nil }

    private func showImage() {
        let shown = shownImage
        layer.contents = shown?.uprightBitmap
        layer.contentsScale = shown?.scale ?? UIScreen.defaultScale
        invalidateIntrinsicContentSize()
    }
}
