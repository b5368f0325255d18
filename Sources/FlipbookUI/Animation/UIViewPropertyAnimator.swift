import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// Animations of view properties that can be started, paused, scrubbed, reversed and
/// stopped, as UIKit's `UIViewPropertyAnimator`.
///
/// When the animator becomes active (started, paused or scrubbed) its animation blocks run
/// and set the views' final values; the animator then shows each changed property at its
/// progress through Core Animation animations it replaces at each change of state, so any
/// frame can be rendered at any time. `fractionComplete` is the fraction of the duration
/// done; while paused with `scrubsLinearly` (the default) setting it moves the views
/// linearly, and when the animator runs again it carries on from where the views are,
/// along the rest of its timing curve.
///
/// Where UIKit raises an exception for a call in the wrong state (finishing an animator
/// that is not stopped, starting a stopped one) Flipbook reports it (`UIDiagnostics`) and
/// ignores the call. A spring given by damping ratio runs exactly when started from the
/// beginning; resumed or reversed part way it finishes with an ease-out curve.
@MainActor
open class UIViewPropertyAnimator {
    /// The animations' duration in seconds.
    public let duration: TimeInterval
    /// The delay before the animations start, for a running animator made by
    /// `runningPropertyAnimator`.
    public private(set) var delay: TimeInterval = 0
    /// The timing curve (cubic or spring).
    public let timingParameters: (any UITimingCurveProvider)?
    /// Inactive, active (running or paused) or stopped.
    public private(set) var state = UIViewAnimatingState.inactive
    /// Whether the views move at linear speed while paused and scrubbed.
    public var scrubsLinearly = true
    /// Whether the animator stays active (paused at its end) instead of finishing and
    /// calling its completions.
    public var pausesOnCompletion = false
    public var isInterruptible = true
    public var isUserInteractionEnabled = true
    public var isManualHitTestingEnabled = false

    /// Whether the animations run (or will run) towards their start.
    public var isReversed = false {
        didSet {
            guard isReversed != oldValue, running != nil else { return }
            hold(at: CACurrentMediaTime())
            run(after: 0)
        }
    }

    /// Whether the animations are running now.
    public var isRunning: Bool { running != nil }

    /// The fraction of the duration done. Setting it on a paused (or inactive) animator
    /// moves the views there; on a running one it does nothing, as in UIKit.
    public var fractionComplete: CGFloat {
        get { CGFloat(progress(at: CACurrentMediaTime()).fraction) }
        set {
            guard running == nil, state != .stopped, newValue.isFinite else { return }
            activate()
            fraction = min(max(Double(newValue), 0), 1)
            visual = scrubsLinearly ? fraction : curveValue(fraction)
            installAnimations()
        }
    }

    /// A property the animations change: its values at the start and the end, and the
    /// overall progress at which it joined (0 unless added while running).
    private struct Track {
        let layer: CALayer
        let key: String
        let from: Any?
        let to: Any?
        let base: Double
    }

    /// A stretch of running: fraction and visual progress at its ends, its length in
    /// seconds, and the timing from one visual progress to the other (nil: the exact
    /// spring of the animator).
    private struct Run {
        let start: Double
        let length: Double
        let fromFraction: Double, toFraction: Double
        let fromVisual: Double, toVisual: Double
        let timing: CAMediaTimingFunction?
    }

    /// The cubic curve; nil for a spring.
    private let curve: CAMediaTimingFunction?
    /// The spring's motion, fitted once (nil for a cubic curve); its duration is the time
    /// the animations take.
    private let spring: CASpringAnimation?
    private var pending: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var tracks: [Track] = []
    /// Fraction of the duration and visual progress while not running.
    private var fraction = 0.0, visual = 0.0
    private var running: Run?
    /// Counts changes of state, so that a scheduled end from an earlier run is ignored.
    private var generation = 0

    /// An animator with `timingParameters` (ease-in-ease-out when nil). A negative or NaN
    /// duration is reported and counts as 0.
    public required init(duration: TimeInterval, timingParameters parameters: (any UITimingCurveProvider)?) {
        self.duration = UIView.checked(duration, "duration")
        timingParameters = parameters
        spring = parameters?.springTimingParameters?.makeAnimation(keyPath: "", duration: self.duration)
        curve = spring == nil ? (parameters?.cubicTimingParameters ?? UICubicTimingParameters()).timingFunction : nil
    }

    /// An animator on a named curve.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator on a cubic Bézier curve.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator on a spring that comes to rest as `duration` ends.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator that starts at once (after `delay`), on the curve of `options`.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions, animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.delay = UIView.checked(delay, "delay")
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: animator.delay)
        return animator
    }

    // MARK: Animations and completions

    /// Adds animations. On an active animator they run at once, from the properties'
    /// current values, over what is left of the animation.
    open func addAnimations(_ animation: @escaping () -> Void) {
        guard state == .active else {
            pending.append(animation)
            return
        }
        let base = progress(at: CACurrentMediaTime()).visual
        record(animation, fromCurrentState: true, base: base)
        installAnimations()
    }

    /// Adds a completion, called with where the animations ended when they finish.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Controlling

    /// Runs the animations from where they are.
    open func startAnimation() {
        guard state != .stopped else {
            UIDiagnostics.report("UIViewPropertyAnimator.startAnimation: the animator is stopped; call finishAnimation(at:) first")
            return
        }
        activate()
        if running == nil { run(after: 0) }
    }

    /// Runs the animations after `delay` seconds of media time (the animator counts as
    /// running meanwhile, showing the start).
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return startAnimation() }
        activate()
        if running == nil { run(after: UIView.checked(delay, "delay")) }
    }

    /// Pauses the animations where they are (activating the animator if needed).
    open func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        hold(at: CACurrentMediaTime())
        installAnimations()
    }

    /// Stops the animations where they are. Without finishing, the views keep the values
    /// on screen and the animator becomes inactive without calling its completions;
    /// otherwise it waits, stopped, for `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        hold(at: CACurrentMediaTime())
        if withoutFinishing {
            settle(at: .current)
            state = .inactive
        } else {
            installAnimations()
            state = .stopped
        }
    }

    /// Ends a stopped animator: sets the properties to their end, start or current values,
    /// and calls the completions with that position.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            UIDiagnostics.report("UIViewPropertyAnimator.finishAnimation(at:): the animator is not stopped; ignored")
            return
        }
        finish(at: finalPosition)
    }

    /// Runs a paused animator on to its end (its start when reversed) with new timing, in
    /// `durationFactor` times the original duration, as UIKit does; a factor of 0 (or one
    /// that is negative or not finite) keeps the original pace: the remaining fraction of
    /// the duration.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        guard state == .active, running == nil else { return }
        let target = isReversed ? 0.0 : 1.0
        let length = durationFactor.isFinite && durationFactor > 0 ? Double(durationFactor) * effectiveDuration
            : abs(target - fraction) * effectiveDuration
        let timing = parameters?.cubicTimingParameters?.timingFunction ?? CAMediaTimingFunction(name: .easeOut)
        begin(Run(start: CACurrentMediaTime(), length: length, fromFraction: fraction, toFraction: target,
                  fromVisual: visual, toVisual: target, timing: timing))
    }

    // MARK: States

    /// Runs the pending animation blocks: the views take their final values, and the
    /// animator shows the start.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        let blocks = pending
        pending = []
        for block in blocks { record(block, fromCurrentState: false, base: 0) }
    }

    private func record(_ block: () -> Void, fromCurrentState: Bool, base: Double) {
        let recorder = KeyframeRecorder(fromCurrentState: fromCurrentState)
        ViewAnimation.keyframe(recorder, start: 0, end: 1, block)
        tracks += recorder.changes.map { Track(layer: $0.layer, key: $0.key, from: $0.from, to: $0.to, base: base) }
    }

    /// Runs from the current progress to the end (or the start when reversed), starting
    /// `delay` seconds from now.
    private func run(after delay: TimeInterval) {
        let target = isReversed ? 0.0 : 1.0
        let length = abs(target - fraction) * effectiveDuration
        let onCurve = abs(visual - curveValue(fraction)) < 1e-9
        let timing: CAMediaTimingFunction?
        if let curve {
            timing = curve.segment(from: fraction, to: target)
        } else {
            timing = onCurve && !isReversed ? nil : CAMediaTimingFunction(name: .easeOut)
        }
        begin(Run(start: CACurrentMediaTime() + delay, length: length, fromFraction: fraction, toFraction: target,
                  fromVisual: visual, toVisual: target, timing: timing))
    }

    private func begin(_ run: Run) {
        guard run.length > 0 || run.start > CACurrentMediaTime() else {
            (fraction, visual) = (run.toFraction, run.toVisual)
            return reachedEnd()
        }
        running = run
        installAnimations()
        generation += 1
        let scheduled = generation
        AnimationHost.shared.schedule(after: run.start + run.length - CACurrentMediaTime()) { [self] in
            if generation == scheduled, running != nil { reachedEnd() }
        }
    }

    /// Stops running, keeping the progress reached at `time`.
    private func hold(at time: Double) {
        (fraction, visual) = progress(at: time)
        running = nil
        generation += 1
    }

    private func reachedEnd() {
        (fraction, visual) = progress(at: .infinity)
        running = nil
        if pausesOnCompletion {
            installAnimations()
        } else {
            finish(at: isReversed ? .start : .end)
        }
    }

    private func finish(at position: UIViewAnimatingPosition) {
        settle(at: position)
        state = .inactive
        let calls = completions
        completions = []
        for completion in calls { completion(position) }
    }

    /// Sets the properties' model values for `position` and takes the animations off.
    private func settle(at position: UIViewAnimatingPosition) {
        generation += 1
        running = nil
        let values: [Any?] = tracks.map { track in
            switch position {
            case .end: track.to
            case .start: track.from
            case .current: (track.layer.presentation() ?? track.layer).value(forKey: track.key)
            }
        }
        UIView.performWithoutAnimation {
            for (track, value) in zip(tracks, values) {
                track.layer.removeAnimation(forKey: animationKey(track))
                track.layer.setValue(value, forKey: track.key)
            }
        }
        tracks = []
        (fraction, visual) = (0, 0)
    }

    // MARK: Progress

    /// The time the animations take: the duration, or a physical spring's settling time.
    private var effectiveDuration: TimeInterval { spring?.duration ?? duration }

    /// The visual progress at fraction `f` of the duration on the animator's curve.
    private func curveValue(_ f: Double) -> Double {
        curve?.evaluate(f) ?? spring?.fraction(atTime: f * effectiveDuration) ?? f
    }

    /// Fraction of the duration and visual progress at media time `time`.
    private func progress(at time: Double) -> (fraction: Double, visual: Double) {
        guard let run = running else { return (fraction, visual) }
        let s = time.isFinite && run.length > 0 ? min(max((time - run.start) / run.length, 0), 1) : time < run.start ? 0 : 1
        let f = run.fromFraction + (run.toFraction - run.fromFraction) * s
        guard let timing = run.timing else { return (f, curveValue(f)) }
        return (f, run.fromVisual + (run.toVisual - run.fromVisual) * timing.evaluate(s))
    }

    // MARK: Animations on the layers

    private func animationKey(_ track: Track) -> String {
        "UIViewPropertyAnimator.\(ObjectIdentifier(self).hashValue).\(track.key)"
    }

    /// Puts on each layer the animation that shows the current state: running, or held.
    private func installAnimations() {
        for track in tracks {
            let animation = running.map { self.animation(for: track, running: $0) }
                ?? hold(track, at: min(max(local(visual, track), 0), 1))
            animation.isRemovedOnCompletion = false
            track.layer.add(animation, forKey: animationKey(track))
        }
    }

    /// A track's own progress for overall visual progress `v` (below 0 before the track
    /// joined).
    private func local(_ v: Double, _ track: Track) -> Double {
        track.base < 1 ? (v - track.base) / (1 - track.base) : 1
    }

    /// The track held at progress `p`: an animation from start to end frozen at `p` (or
    /// one that has ended, at 1).
    private func hold(_ track: Track, at p: Double) -> CAAnimation {
        let animation = basic(track, from: track.from, to: track.to)
        animation.fillMode = .both
        if p >= 1 {
            animation.beginTime = beginTime(CACurrentMediaTime() - 2, on: track.layer)
        } else {
            animation.speed = 0
            animation.timeOffset = max(p, 0)
        }
        return animation
    }

    /// A group lasting the run whose timing is the run's, holding a linear child that
    /// moves the track from its progress at the run's start to its progress at the end
    /// (or the animator's spring, exactly).
    private func animation(for track: Track, running run: Run) -> CAAnimation {
        let child: CAAnimation
        if run.timing == nil, let spring {
            let animation = CASpringAnimation()
            animation.copyProperties(from: spring)
            animation.keyPath = track.key
            animation.fromValue = track.from
            animation.toValue = track.to
            animation.beginTime = -run.fromFraction * effectiveDuration
            child = animation
        } else {
            let a = local(run.fromVisual, track), b = local(run.toVisual, track)
            guard a != b, run.length > 0 else { return hold(track, at: min(max(b, 0), 1)) }
            let animation = b > a ? basic(track, from: track.from, to: track.to) : basic(track, from: track.to, to: track.from)
            let start = b > a ? a : 1 - a
            animation.speed = Float(abs(b - a) / run.length)
            // Starting part way through by beginning earlier, not by a time offset, so
            // that the end is the end and not the start of a next cycle.
            animation.beginTime = -start / Double(animation.speed)
            child = animation
        }
        child.fillMode = .both
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = run.length
        group.timingFunction = run.timing ?? CAMediaTimingFunction(name: .linear)
        group.beginTime = beginTime(run.start, on: track.layer)
        group.fillMode = .both
        return group
    }

    private func basic(_ track: Track, from: Any?, to: Any?) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: track.key)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    /// Media time `time` in the layer's time. A begin time of 0 means "when committed" to
    /// Core Animation, so a true 0 (a run that began at media time 0, put on again later)
    /// becomes the smallest time after it.
    private func beginTime(_ time: Double, on layer: CALayer) -> Double {
        let local = layer.convertTime(time, from: nil)
        return local == 0 ? .leastNonzeroMagnitude : local
    }
}
