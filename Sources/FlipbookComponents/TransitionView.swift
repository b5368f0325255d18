import Foundation
import FlipbookGraphics
import FlipbookFilters
import FlipbookAnimation
import FlipbookUI

/// Seed 000's screen transition: a full-screen overlay that plays a Core Image transition
/// filter between a transparent image and the screen's base colour, frame by frame from a
/// `CADisplayLink`.
///
/// `.in` plays the filter forwards, covering the screen with the base colour; `.out` plays
/// it backwards, uncovering it. When one ends, the delegate and `onFinish` hear it, once.
/// A start while one runs is ignored. Put it in front of everything, the size of the
/// screen, with the screen's background colour as `baseColor`:
///
/// ```swift
/// transitionView = TransitionView(frame: view.bounds, baseColor: baseColor, delegate: self)
/// view.addSubview(transitionView)
/// transitionView.startAnimation(duration: 1.0, animationType: .out)   // in viewDidAppear
/// ```
///
/// Any filter of `CICategoryTransition` works (`filterName`, the article's
/// `CIModTransition` by default; `parameters` sets its other inputs). As in the article the
/// filter's `inputCenter` is put beyond the top right corner (1.5 × the size); unlike it,
/// an `inputExtent` is set to the whole screen, so that a flash fills it. An unknown or
/// non-transition filter name is reported (`UIDiagnostics`) and a dissolve is used.
@MainActor
open class TransitionView: UIView {
    /// Hears that an animation ended, as the article's delegate.
    @MainActor
    public protocol AnimationFinishedDelegate: AnyObject {
        func animationFinished(animationType: AnimationType)
    }

    /// Which way the transition plays.
    public enum AnimationType: Sendable {
        /// Forwards: from transparent to the base colour.
        case `in`
        /// Backwards: from the base colour to transparent.
        case out
    }

    /// The colour the overlay covers the screen with.
    public let baseColor: UIColor
    /// The transition filter's name.
    public let filterName: String
    /// Inputs given to the filter besides the images and time (for instance
    /// `["inputAngle": 1.2]`).
    open var parameters: [String: Any] = [:]
    /// Pixels a point of the overlay's images (the screen's by default).
    open var renderScale: CGFloat = UIScreen.main.scale
    /// Told when an animation ends.
    public weak var delegate: AnimationFinishedDelegate?
    /// Called when an animation ends, after the delegate.
    open var onFinish: ((AnimationType) -> Void)?

    /// Whether an animation is playing.
    open var isAnimating: Bool { displayLink != nil }

    private let filter: CIFilter?
    private let imageView = UIImageView()
    private let context = CIContext()
    private var duration: TimeInterval = 1
    private var animationType: AnimationType = .out
    private var startTime: CFTimeInterval = 0
    private var displayLink: CADisplayLink?
    /// The pixel extent the filter's images and geometry were last set for.
    private var preparedExtent: CGRect?

    /// An overlay of `frame`, showing `baseColor` until it plays.
    public init(frame: CGRect, baseColor: UIColor, filterName: String = "CIModTransition",
                delegate: AnimationFinishedDelegate? = nil) {
        self.baseColor = baseColor
        let transitions = CIFilter.filterNames(inCategory: kCICategoryTransition)
        if transitions.contains(filterName), let filter = CIFilter(name: filterName) {
            self.filterName = filterName
            self.filter = filter
        } else {
            UIDiagnostics.report("TransitionView: \(filterName) is not a transition filter (see `flipbook filters --category transition`); using CIDissolveTransition")
            self.filterName = "CIDissolveTransition"
            self.filter = CIFilter(name: "CIDissolveTransition")
        }
        self.delegate = delegate
        super.init(frame: frame)
        isUserInteractionEnabled = false
        imageView.frame = bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.backgroundColor = baseColor
        addSubview(imageView)
    }

    public required init?(coder: NSCoder) { nil }

    isolated deinit {
        displayLink?.invalidate()
    }

    /// Plays the transition over `duration` seconds, forwards (`.in`) or backwards
    /// (`.out`); ignored while one plays.
    open func startAnimation(duration: TimeInterval, animationType: AnimationType) {
        guard displayLink == nil else { return }
        self.duration = duration.isFinite && duration > 0 ? duration : 0
        self.animationType = animationType
        startTime = CACurrentMediaTime()
        preparedExtent = nil
        let link = CADisplayLink { [weak self] _ in self?.update() }
        displayLink = link
        link.add(to: .main, forMode: .common)
    }

    /// Shows the frame for the time now, and ends the animation once its time is up.
    private func update() {
        let elapsed = duration > 0 ? (CACurrentMediaTime() - startTime) / duration : 1
        let progress = min(max(elapsed, 0), 1)
        show(time: animationType == .in ? progress : 1 - progress)
        guard elapsed >= 1 else { return }
        displayLink?.invalidate()
        displayLink = nil
        delegate?.animationFinished(animationType: animationType)
        onFinish?(animationType)
    }

    /// The filter's output at `time` (0 transparent, 1 the base colour) as the overlay.
    private func show(time: Double) {
        let extent = CGRect(x: 0, y: 0, width: (bounds.width * renderScale).rounded(), height: (bounds.height * renderScale).rounded())
        guard let filter, extent.width >= 1, extent.height >= 1 else { return }
        if extent != preparedExtent { prepare(filter, for: extent) }
        filter.setValue(time, forKey: kCIInputTimeKey)
        guard let output = filter.outputImage, let image = context.createCGImage(output, from: extent) else { return }
        imageView.backgroundColor = nil
        imageView.image = UIImage(cgImage: image, scale: renderScale, orientation: .up)
    }

    /// Gives the filter everything but the time, for images of `extent` pixels: once an
    /// animation, and again if the view's size changes.
    private func prepare(_ filter: CIFilter, for extent: CGRect) {
        preparedExtent = extent
        filter.setValue(CIImage(color: .clear).cropped(to: extent), forKey: kCIInputImageKey)
        filter.setValue(CIImage(color: CIColor(cgColor: baseColor.cgColor)).cropped(to: extent), forKey: kCIInputTargetImageKey)
        if filter.inputKeys.contains(kCIInputCenterKey) {
            filter.setValue(CIVector(x: extent.width * 1.5, y: extent.height * 1.5), forKey: kCIInputCenterKey)
        }
        if filter.inputKeys.contains(kCIInputExtentKey) {
            filter.setValue(CIVector(cgRect: extent), forKey: kCIInputExtentKey)
        }
        for (key, value) in parameters { filter.setValue(value, forKey: key) }
    }
}
