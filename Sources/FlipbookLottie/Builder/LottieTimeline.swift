import Foundation

/// How a composition's frames become layer time: frame `f` of a layer that starts at
/// frame `offset` is `origin + (f + offset) / framerate` seconds. The origin keeps every
/// keyframe's begin time off 0, which Core Animation reads as "when the transaction commits".
struct LottieTimeline: Sendable {
    var framerate: Double
    /// The composition frame the layer's own frame 0 falls on (its start time, `st`).
    var offset: Double = 0
    /// Layer time of frame 0.
    static let origin: Double = 1

    /// The layer time of `frame`.
    func time(ofFrame frame: Double) -> Double { Self.origin + (frame + offset) / framerate }

    /// The same composition's timeline for a layer starting at `startTime`.
    func starting(at startTime: Double) -> LottieTimeline { LottieTimeline(framerate: framerate, offset: startTime) }
}
