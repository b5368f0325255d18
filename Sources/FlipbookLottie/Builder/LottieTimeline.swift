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
    }

    var framerate: Double
    /// Set inside a time-remapped precomposition (and the precompositions in it), whose
    /// frames no Core Animation timing can follow: every animation there is sampled at the
    /// frames of the composition outside, through the remap.
    var remap: Remap?
    /// Layer time of frame 0.
    static let origin: Double = 1

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
            return LottieTimeline(framerate: framerate).sampled(keyPath: keyPath, over: remap.span) { value(remap.frame($0)) }
        }
        var samples = extra.filter { frames.contains($0) }.union([frames.lowerBound, frames.upperBound])
        var frame = frames.lowerBound.rounded(.up)
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
