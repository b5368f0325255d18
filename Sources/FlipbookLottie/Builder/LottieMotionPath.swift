import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// A position that moves along curves (keyframes with spatial tangents), as lottie-spec
/// moves it: in each segment the eased progress is a share of the curve's length, from
/// `s` through `s + to` and `e + ti` to `e`. Core Animation's path keyframes move by the
/// curve's parameter instead, so the motion is worked out here, once per frame of the
/// composition, and played as straight keyframes between those exact positions.
struct LottieMotionPath {
    private struct Segment {
        let startFrame: Double, endFrame: Double
        let curve: PathSegment
        let from: CGPoint, to: CGPoint
        let hold: Bool
        /// The segment's easing, as its keyframe animations are eased.
        let easing: CAMediaTimingFunction
        /// Cumulative chord lengths at 64 even steps of the curve's parameter.
        let lengths: [Double]
    }

    private let segments: [Segment]
    private let first: CGPoint

    /// Nil when `property` is not keyframed.
    init?(_ property: LottieProperty<LottieVector>) {
        guard case .keyframes(let keyframes) = property.content, let initial = keyframes.first?.start else { return nil }
        first = initial.point
        var segments: [Segment] = []
        var previous = initial
        for (from, to) in zip(keyframes, keyframes.dropFirst()) {
            let start = from.start ?? previous
            let end = from.end ?? to.start ?? start
            let a = start.point, b = end.point
            let out = LottieVector(from.outSpatialTangent ?? [0, 0]).point, into = LottieVector(from.inSpatialTangent ?? [0, 0]).point
            let curve = PathSegment.cubic(a, CGPoint(x: a.x + out.x, y: a.y + out.y), CGPoint(x: b.x + into.x, y: b.y + into.y), b)
            var lengths = [0.0], last = a
            for step in 1...64 {
                let point = curve.point(at: Double(step) / 64)
                lengths.append(lengths[lengths.count - 1] + hypot(point.x - last.x, point.y - last.y))
                last = point
            }
            segments.append(Segment(startFrame: from.time, endFrame: to.time, curve: curve, from: a, to: b, hold: from.hold,
                                    easing: LottieProperty<LottieVector>.easing(of: from), lengths: lengths))
            previous = to.start ?? end
        }
        self.segments = segments
    }

    /// The position at `frame`.
    func position(atFrame frame: Double) -> CGPoint {
        guard let firstSegment = segments.first else { return first }
        if frame <= firstSegment.startFrame { return firstSegment.from }
        for (index, segment) in segments.enumerated() where frame < segment.endFrame || index == segments.count - 1 {
            guard frame < segment.endFrame, segment.endFrame > segment.startFrame else {
                return index + 1 < segments.count ? segments[index + 1].from : segment.to
            }
            if segment.hold { return segment.from }
            let u = (frame - segment.startFrame) / (segment.endFrame - segment.startFrame)
            let progress = segment.easing.evaluate(u)
            return segment.curve.point(at: Self.parameter(ofLengthShare: progress, segment.lengths))
        }
        return segments[segments.count - 1].to
    }

    /// A keyframe animation of `keyPath` through the position at every whole frame of the
    /// composition and at every keyframe, straight between them.
    func animation(keyPath: String, timeline: LottieTimeline, value: (CGPoint) -> Any) -> CAKeyframeAnimation? {
        guard let start = segments.first?.startFrame, let end = segments.last?.endFrame, end > start else { return nil }
        // Every keyframe, and a hold's jump just before the next keyframe.
        var keyframes = Set(segments.flatMap { [$0.startFrame, $0.endFrame] })
        for segment in segments where segment.hold { keyframes.insert(max(segment.endFrame - LottieProperty<LottieVector>.jump, segment.startFrame)) }
        return timeline.sampled(keyPath: keyPath, over: start...end, extra: keyframes) { value(position(atFrame: $0)) }
    }

    /// The curve parameter at which `share` of its length has been travelled.
    private static func parameter(ofLengthShare share: Double, _ lengths: [Double]) -> Double {
        // Easing that overshoots (y beyond 0…1) carries on along the curve's parameter.
        guard let total = lengths.last, total > 0, (0...1).contains(share) else { return share }
        let target = share * total
        var index = 1
        while index < lengths.count - 1, lengths[index] < target { index += 1 }
        let before = lengths[index - 1], after = lengths[index]
        let within = after > before ? (target - before) / (after - before) : 0
        return (Double(index - 1) + within) / Double(lengths.count - 1)
    }
}
