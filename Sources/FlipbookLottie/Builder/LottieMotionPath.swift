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
        let from: CGPoint, control1: CGPoint, control2: CGPoint, to: CGPoint
        let hold: Bool
        let out: (x: Double, y: Double)?, into: (x: Double, y: Double)?
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
            let c1 = CGPoint(x: a.x + out.x, y: a.y + out.y), c2 = CGPoint(x: b.x + into.x, y: b.y + into.y)
            var lengths = [0.0], last = a
            for step in 1...64 {
                let point = Self.point(a, c1, c2, b, at: Double(step) / 64)
                lengths.append(lengths[lengths.count - 1] + hypot(point.x - last.x, point.y - last.y))
                last = point
            }
            segments.append(Segment(startFrame: from.time, endFrame: to.time, from: a, control1: c1, control2: c2, to: b, hold: from.hold,
                                    out: from.outEasing.map { $0.point(0) }, into: from.inEasing.map { $0.point(0) }, lengths: lengths))
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
            let progress = Self.eased(u, out: segment.out ?? (0, 0), into: segment.into ?? (1, 1))
            return Self.point(segment.from, segment.control1, segment.control2, segment.to, at: Self.parameter(ofLengthShare: progress, segment.lengths))
        }
        return segments[segments.count - 1].to
    }

    /// A keyframe animation of `keyPath` through the position at every whole frame of the
    /// composition and at every keyframe, straight between them.
    func animation(keyPath: String, timeline: LottieTimeline, value: (CGPoint) -> Any) -> CAKeyframeAnimation? {
        guard let start = segments.first?.startFrame, let end = segments.last?.endFrame, end > start else { return nil }
        var frames = Set(segments.flatMap { [$0.startFrame, $0.endFrame] })
        var frame = start.rounded(.up)
        while frame < end { frames.insert(frame); frame += 1 }
        // A hold's jump, just before the next keyframe.
        for segment in segments where segment.hold { frames.insert(max(segment.endFrame - LottieProperty<LottieVector>.jump, segment.startFrame)) }
        let times = frames.sorted()
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = times.map { value(position(atFrame: $0)) }
        animation.keyTimes = times.map { NSNumber(value: ($0 - start) / (end - start)) }
        animation.beginTime = timeline.time(ofFrame: start)
        animation.duration = (end - start) / timeline.framerate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    private static func point(_ a: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ b: CGPoint, at t: Double) -> CGPoint {
        let s = 1 - t
        let (k0, k1, k2, k3) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
        return CGPoint(x: a.x * k0 + c1.x * k1 + c2.x * k2 + b.x * k3, y: a.y * k0 + c1.y * k1 + c2.y * k2 + b.y * k3)
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

    /// lottie-spec's easing: the cubic Bézier from (0, 0) through `out` and `into` to (1, 1),
    /// its y where its x is `u` (bisection on the monotone x).
    static func eased(_ u: Double, out: (x: Double, y: Double), into: (x: Double, y: Double)) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        let x1 = min(max(out.x, 0), 1), x2 = min(max(into.x, 0), 1)
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(mid, x1, x2) < u { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, out.y, into.y)
    }
}
