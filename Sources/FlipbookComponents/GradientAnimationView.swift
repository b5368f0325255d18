import Foundation
import FlipbookGraphics
import FlipbookAnimation
import FlipbookUI

/// Seed 002's GradientAnimationView: a placeholder that shimmers while content loads, a
/// highlight sliding left to right across a flat colour, then a pause, for ever.
///
/// Add it as a subview and it works: with no frame of its own it fills its superview (and
/// follows its size), and it animates while it is in a window. The view's layer is a
/// `CAGradientLayer` with `sideColor`, `centerColor`, `sideColor`; each cycle slides its
/// `locations` from `[-1, -0.5, 0]` (the highlight just off the left edge) to `[1, 1.5, 2]`
/// (just off the right) in `animationDuration` seconds, ease-in-ease-out, then waits
/// `waitingDuration` seconds.
///
/// ```swift
/// let gradientAnimationView = GradientAnimationView()
/// gradientAnimationView.cornerRadius = 5.0
/// gradientAnimationView.sideColor = .gray
/// gradientAnimationView.centerColor = .lightGray
/// gradientAnimationView.animationDuration = 1.2
/// gradientAnimationView.waitingDuration = 0.6
/// view.addSubview(gradientAnimationView)
/// ```
@MainActor
open class GradientAnimationView: UIView {
    open override class var layerClass: AnyClass { CAGradientLayer.self }

    /// The corner radius of the placeholder's shape.
    open var cornerRadius: CGFloat = 0 {
        didSet {
            layer.cornerRadius = cornerRadius
            layer.masksToBounds = cornerRadius > 0
        }
    }
    /// The colour at both ends of the gradient: the placeholder's colour.
    open var sideColor: UIColor = UIColor(white: 0.88, alpha: 1) { didSet { updateColors() } }
    /// The colour of the highlight in the middle of the gradient.
    open var centerColor: UIColor = UIColor(white: 0.96, alpha: 1) { didSet { updateColors() } }
    /// Seconds the highlight takes to cross.
    open var animationDuration: TimeInterval = 1.0 { didSet { restart() } }
    /// Seconds between one crossing and the next.
    open var waitingDuration: TimeInterval = 0.5 { didSet { restart() } }

    /// The locations at the start and the end of a crossing.
    static let startLocations: [NSNumber] = [-1, -0.5, 0]
    static let endLocations: [NSNumber] = [1, 1.5, 2]
    private static let animationKey = "gradientSlide"

    private var gradientLayer: CAGradientLayer { layer as! CAGradientLayer }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
        gradientLayer.locations = Self.startLocations
        updateColors()
    }

    private func updateColors() {
        gradientLayer.colors = [sideColor.cgColor, centerColor.cgColor, sideColor.cgColor]
    }

    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        guard let superview, frame == .zero else { return }
        frame = superview.bounds
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        restart()
    }

    /// Starts the cycle afresh while in a window; removes it otherwise.
    private func restart() {
        layer.removeAnimation(forKey: Self.animationKey)
        guard window != nil else { return }
        let slide = CABasicAnimation(keyPath: "locations")
        slide.fromValue = Self.startLocations
        slide.toValue = Self.endLocations
        slide.duration = max(animationDuration, 0)
        slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let cycle = CAAnimationGroup()
        cycle.animations = [slide]
        cycle.duration = max(animationDuration, 0) + max(waitingDuration, 0)
        cycle.repeatCount = .infinity
        layer.add(cycle, forKey: Self.animationKey)
    }
}
