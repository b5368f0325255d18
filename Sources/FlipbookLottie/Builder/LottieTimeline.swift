import Foundation

/// How a composition's frames become layer time: frame `f` is `origin + f / framerate`
/// seconds. The origin keeps every keyframe's begin time off 0, which Core Animation reads
/// as "when the transaction commits".
struct LottieTimeline: Sendable {
    var framerate: Double
    /// Layer time of frame 0.
    static let origin: Double = 1

    /// The layer time of `frame`.
    func time(ofFrame frame: Double) -> Double { Self.origin + frame / framerate }
}
