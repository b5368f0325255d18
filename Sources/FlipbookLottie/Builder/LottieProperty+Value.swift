import FlipbookAnimation
import Foundation

extension LottieProperty {
    /// The value at composition frame `frame`, as the property's keyframe animation
    /// (`keyframeAnimation(keyPath:timeline:value:)`) plays it: each segment eased by its
    /// keyframe's handles, a hold kept until the next keyframe, the first value before the
    /// first keyframe and the last after the last.
    func value(atFrame frame: Double) -> Value {
        guard case .keyframes(let keyframes) = content, let first = keyframes.first, let initial = first.start else { return initialValue }
        if frame < first.time { return initial }
        var previous = initial
        for (from, to) in zip(keyframes, keyframes.dropFirst()) {
            let start = from.start ?? previous
            let end = from.hold ? start : from.end ?? to.start ?? start
            if frame < to.time {
                guard !from.hold, to.time > from.time else { return start }
                let eased = Self.easing(of: from).evaluate((frame - from.time) / (to.time - from.time))
                return start.interpolated(to: end, by: eased)
            }
            previous = to.start ?? end
        }
        return previous
    }

    /// The frames from the first keyframe to the last, when there are two or more.
    var animatedFrames: ClosedRange<Double>? {
        guard case .keyframes(let keyframes) = content, let first = keyframes.first?.time, let last = keyframes.last?.time,
              last > first else { return nil }
        return first...last
    }
}
