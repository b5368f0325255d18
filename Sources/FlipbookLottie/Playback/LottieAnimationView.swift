import FlipbookAnimation
import FlipbookGraphics
import FlipbookUI
import Foundation

/// A view that plays a Lottie animation, with lottie-ios's API: iOS code that plays Lottie
/// files ports as it is.
///
/// The animation is a Core Animation layer tree (`LottieLayerBuilder`) held at one frame:
/// its time is frozen and moved by a display link while it plays, so every frame — on
/// screen, in a `Recorder`, in a snapshot — lands exactly on the frame its media time
/// names. The animation is fitted to the bounds by `contentMode` (`.scaleAspectFit` by
/// default, as lottie-ios).
///
/// ```swift
/// let view = LottieAnimationView(name: "confetti")
/// view.loopMode = .loop
/// view.play()
/// ```
@MainActor
open class LottieAnimationView: UIView {
    /// The animation shown; setting it shows its first frame, stopped.
    public var animation: LottieAnimation? {
        didSet { rebuild() }
    }

    /// How plays repeat when `play` is not told otherwise.
    public var loopMode: LottieLoopMode = .playOnce

    /// Playback speed: 2 plays twice as fast, a negative speed plays backwards.
    public var animationSpeed: CGFloat = 1

    /// Gives text layers their text, by keypath (lottie-ios's `textProvider`); setting it
    /// builds the animation again, at its first frame.
    public var textProvider: AnimationKeypathTextProvider? {
        didSet { rebuild() }
    }

    /// Whether a play is running.
    public private(set) var isAnimationPlaying = false

    /// The layer the animation's tree hangs in: scaled to fit, its time frozen.
    private let container = CALayer()
    private var composition: CALayer?
    /// The built tree's colours by keypath, and the providers set on them, in order.
    private var colors = LottieColorTargets()
    private var valueProviders: [(provider: AnyValueProvider, keypath: AnimationKeypath)] = []
    /// The play under way; nil while the view rests on `restingFrame`.
    private var running: LottiePlay?
    private var completion: LottieCompletionBlock?
    private var link: CADisplayLink?
    /// The frame shown while no play runs.
    private var restingFrame: Double = 0

    public init(animation: LottieAnimation?) {
        super.init(frame: CGRect(origin: .zero, size: animation?.size ?? .zero))
        contentMode = .scaleAspectFit
        container.anchorPoint = .zero
        container.speed = 0
        layer.addSublayer(container)
        self.animation = animation
        rebuild()
    }

    /// The animation in the file `name`.json in `bundle` (or the working folder); an empty
    /// view when there is none.
    public convenience init(name: String, bundle: Bundle = .main, subdirectory: String? = nil) {
        self.init(animation: LottieAnimation.named(name, bundle: bundle, subdirectory: subdirectory))
    }

    public override convenience init(frame: CGRect) {
        self.init(animation: nil)
        self.frame = frame
    }

    /// Linux has no nib files.
    public required init?(coder: NSCoder) { nil }

    // MARK: Playing

    /// Plays from the current frame to the end (or, at a negative speed, to the start) with
    /// `loopMode`.
    public func play(completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        let from = currentFrame >= animation.endFrame ? animation.startFrame : Double(currentFrame)
        start(from: from, to: animation.endFrame, loopMode: loopMode, completion: completion)
    }

    /// Plays from `fromProgress` (the current progress when nil) to `toProgress`; a
    /// `toProgress` below `fromProgress` plays backwards.
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        let from = fromProgress.map { frame(ofProgress: Double($0), in: animation) } ?? Double(currentFrame)
        start(from: from, to: frame(ofProgress: Double(toProgress), in: animation), loopMode: loopMode ?? self.loopMode, completion: completion)
    }

    /// Plays from `fromFrame` (the current frame when nil) to `toFrame`.
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        start(from: fromFrame.map(Double.init) ?? Double(currentFrame), to: Double(toFrame), loopMode: loopMode ?? self.loopMode,
              completion: completion)
    }

    /// Stops where it is; the play's completion hears `false`.
    public func pause() {
        end(at: Double(currentFrame), completed: false)
    }

    /// Stops and goes back to the first frame; the play's completion hears `false`.
    public func stop() {
        end(at: animation?.startFrame ?? 0, completed: false)
    }

    // MARK: Where it is

    /// The frame shown now (while playing, where the play is at the current media time).
    public var currentFrame: AnimationFrameTime {
        get { AnimationFrameTime(running?.frame(at: CACurrentMediaTime()) ?? restingFrame) }
        set { end(at: Double(newValue), completed: false) }
    }

    /// The share of the animation shown now, 0…1.
    public var currentProgress: AnimationProgressTime {
        get {
            guard let animation, animation.endFrame > animation.startFrame else { return 0 }
            return AnimationProgressTime((Double(currentFrame) - animation.startFrame) / (animation.endFrame - animation.startFrame))
        }
        set {
            guard let animation else { return }
            currentFrame = AnimationFrameTime(frame(ofProgress: Double(newValue), in: animation))
        }
    }

    /// Seconds from the first frame to the one shown now.
    public var currentTime: TimeInterval {
        get {
            guard let animation else { return 0 }
            return (Double(currentFrame) - animation.startFrame) / animation.framerate
        }
        set {
            guard let animation else { return }
            currentFrame = AnimationFrameTime(animation.startFrame + newValue * animation.framerate)
        }
    }

    /// The progress on screen at this moment: `currentProgress`, which Flipbook computes
    /// exactly at every media time.
    public var realtimeAnimationProgress: AnimationProgressTime { currentProgress }

    /// The frame on screen at this moment: `currentFrame`.
    public var realtimeAnimationFrame: AnimationFrameTime { currentFrame }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        fit()
    }

    open override var contentMode: ContentMode {
        didSet { fit() }
    }

    /// Gives the properties `keypath` names the provider's value, now and whenever the
    /// animation changes, as lottie-ios does: a `ColorValueProvider` colours fills and
    /// strokes ("**.Fill 1.Color"). A keypath that names nothing, or a provider Flipbook
    /// does not draw, is reported (`LottieDiagnostics`).
    public func setValueProvider(_ valueProvider: AnyValueProvider, keypath: AnimationKeypath) {
        valueProviders.append((valueProvider, keypath))
        apply(valueProvider, at: keypath)
    }

    // MARK: Private

    private func apply(_ provider: AnyValueProvider, at keypath: AnimationKeypath) {
        guard animation != nil else { return }
        guard let color = provider as? ColorValueProvider else {
            return LottieDiagnostics.report("Lottie value provider \(type(of: provider)) is not one Flipbook draws; \(keypath.keys.joined(separator: ".")) keeps its keyframes")
        }
        if colors.set(color.color, at: keypath) == 0 {
            LottieDiagnostics.report("Lottie keypath \(keypath.keys.joined(separator: ".")) names no fill or stroke colour")
        }
    }

    private func frame(ofProgress progress: Double, in animation: LottieAnimation) -> Double {
        animation.startFrame + (animation.endFrame - animation.startFrame) * progress
    }

    /// Builds the animation's layer tree and shows its first frame.
    private func rebuild() {
        composition?.removeFromSuperlayer()
        composition = nil
        cancelPlay(completed: false)
        guard let animation else { return }
        var builder = LottieLayerBuilder(animation: animation)
        builder.textProvider = textProvider
        let built = builder.makeLayer()
        colors = builder.colors
        for (provider, keypath) in valueProviders { apply(provider, at: keypath) }
        container.addSublayer(built)
        composition = built
        restingFrame = animation.startFrame
        show(frame: restingFrame)
        fit()
    }

    private func start(from: Double, to: Double, loopMode: LottieLoopMode, completion: LottieCompletionBlock?) {
        guard let animation, from.isFinite, to.isFinite else { return }
        cancelPlay(completed: false)
        // A play from a later frame to an earlier one runs backwards.
        let backwards = to < from
        let newPlay = LottiePlay(fromFrame: min(from, to), toFrame: max(from, to), loopMode: loopMode,
                                 speed: Double(animationSpeed) * (backwards ? -1 : 1), framerate: animation.framerate,
                                 beganAt: CACurrentMediaTime())
        running = newPlay
        self.completion = completion
        isAnimationPlaying = true
        show(frame: newPlay.frame(at: newPlay.beganAt))
        let link = CADisplayLink { [weak self] _ in self?.step() }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    /// Shows the play's frame at the current time, and ends it when it is over.
    private func step() {
        guard let play = running else { return }
        let now = CACurrentMediaTime()
        if now >= play.endsAt {
            end(at: play.frame(at: play.endsAt), completed: true)
        } else {
            show(frame: play.frame(at: now))
        }
    }

    /// Ends any play, resting at `frame`, and tells its completion.
    private func end(at frame: Double, completed: Bool) {
        restingFrame = frame.isFinite ? frame : restingFrame
        show(frame: restingFrame)
        cancelPlay(completed: completed)
    }

    private func cancelPlay(completed: Bool) {
        link?.invalidate()
        link = nil
        running = nil
        isAnimationPlaying = false
        let done = completion
        completion = nil
        done?(completed)
    }

    /// Freezes the tree's time on `frame`.
    private func show(frame: Double) {
        guard let animation else { return }
        container.timeOffset = LottieTimeline(framerate: animation.framerate).time(ofFrame: frame)
    }

    /// Scales and places the animation in the bounds by `contentMode`.
    private func fit() {
        guard let animation, animation.size.width > 0, animation.size.height > 0 else { return }
        let size = animation.size, area = bounds
        var scaleX = area.width / size.width, scaleY = area.height / size.height
        switch contentMode {
        case .scaleAspectFit: scaleX = min(scaleX, scaleY); scaleY = scaleX
        case .scaleAspectFill: scaleX = max(scaleX, scaleY); scaleY = scaleX
        case .scaleToFill, .redraw: break
        default: scaleX = 1; scaleY = 1
        }
        let shown = CGSize(width: size.width * scaleX, height: size.height * scaleY)
        let origin: CGPoint
        switch contentMode {
        case .topLeft: origin = area.origin
        case .top: origin = CGPoint(x: area.midX - shown.width / 2, y: area.minY)
        case .bottom: origin = CGPoint(x: area.midX - shown.width / 2, y: area.maxY - shown.height)
        case .left: origin = CGPoint(x: area.minX, y: area.midY - shown.height / 2)
        case .right: origin = CGPoint(x: area.maxX - shown.width, y: area.midY - shown.height / 2)
        case .topRight: origin = CGPoint(x: area.maxX - shown.width, y: area.minY)
        case .bottomLeft: origin = CGPoint(x: area.minX, y: area.maxY - shown.height)
        case .bottomRight: origin = CGPoint(x: area.maxX - shown.width, y: area.maxY - shown.height)
        default: origin = CGPoint(x: area.midX - shown.width / 2, y: area.midY - shown.height / 2)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.bounds = CGRect(origin: .zero, size: size)
        container.position = origin
        container.transform = CATransform3DMakeScale(scaleX, scaleY, 1)
        CATransaction.commit()
    }
}
