import FlipbookAnimation
import Foundation

/// How a composition's frames become layer time: frame `f` is `origin + f / framerate`
/// seconds. The origin keeps every keyframe's begin time off 0, which Core Animation reads
/// as "when the transaction commits".
struct LottieTimeline: Sendable {
    /// A time-remapped precomposition's clock: its frame at each frame of the composition
    /// whose Core Animation time it plays in, and that composition's frames to sample over.
    struct Remap: Sendable {
        let frame: @Sendable (Double) -> Double
        let span: ClosedRange<Double>
        /// The `phase` of the composition whose frames are sampled.
        var phase: Double? = 0
    }

    var framerate: Double
    /// Set inside a time-remapped precomposition (and the precompositions in it), whose
    /// frames no Core Animation timing can follow: every animation there is sampled at the
    /// frames of the composition outside, through the remap.
    var remap: Remap?
    /// Where the whole frames of the root composition — the frames a player shows — fall
    /// in this composition's frames: at `phase`, `phase + 1`, … (0 in the root; a
    /// precomposition starting at frame 40.2 sees them at 0.8, 1.8, …); nil when they do
    /// not fall a frame apart (a stretched precomposition).
    var phase: Double? = 0
    /// Layer time of frame 0.
    static let origin: Double = 1

    /// The timeline of a precomposition starting at frame `start` of this one, its frames
    /// stretched by `stretch`.
    func precomposition(startingAt start: Double, stretch: Double) -> LottieTimeline {
        var timeline = self
        // Frame f here is frame f − start inside: the whole frames shift by start's fraction.
        timeline.phase = stretch == 1 ? phase.map { p in let shifted = p - start; return shifted - shifted.rounded(.down) } : nil
        return timeline
    }

    /// The layer time of `frame`.
    func time(ofFrame frame: Double) -> Double { Self.origin + frame / framerate }

    /// A keyframe animation of `keyPath` through `value` at every whole frame of `frames`
    /// and at its ends and `extra` frames inside it, straight between them: how a value
    /// Core Animation cannot interpolate itself (a path made of several moving pieces, a
    /// trim whose ends cross, a position along a curve by length) plays.
    /// Under a remap, the samples are the outer composition's frames over its span, and
    /// `value` is asked for this composition's frame at each.
    func sampled(keyPath: String, over frames: ClosedRange<Double>, extra: Set<Double> = [],
                 value: (Double) -> Any) -> CAKeyframeAnimation {
        if let remap {
            return LottieTimeline(framerate: framerate, phase: remap.phase).sampled(keyPath: keyPath, over: remap.span) { value(remap.frame($0)) }
        }
        var samples = extra.filter { frames.contains($0) }.union([frames.lowerBound, frames.upperBound])
        // At the frames the root shows, so those show the values exactly.
        let phase = self.phase ?? 0
        var frame = (frames.lowerBound - phase).rounded(.up) + phase
        while frame < frames.upperBound { samples.insert(frame); frame += 1 }
        let times = samples.sorted()
        let length = max(frames.upperBound - frames.lowerBound, 1e-9)
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = times.map(value)
        animation.keyTimes = times.map { NSNumber(value: ($0 - frames.lowerBound) / length) }
        animation.beginTime = time(ofFrame: frames.lowerBound)
        animation.duration = length / framerate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// The smallest span of frames holding all of `spans`; nil when none is given.
    static func span(_ spans: [ClosedRange<Double>?]) -> ClosedRange<Double>? {
        let given = spans.compactMap { $0 }
        guard let low = given.map(\.lowerBound).min(), let high = given.map(\.upperBound).max() else { return nil }
        return low...high
    }
}
