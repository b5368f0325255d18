import FlipbookAnimation
import Foundation

extension LottieProperty {
    /// The property's keyframes as a Core Animation keyframe animation of `keyPath`, timed
    /// by `timeline`; nil for a constant. Each segment eases by its keyframe's out and in
    /// handles (lottie-spec: a cubic Bézier from (0, 0) through `o` and `i` to (1, 1); the
    /// first dimension's handles for a vector); a hold keeps the value until the next
    /// keyframe, where it jumps (in `jump` frames). Before the first keyframe and after the
    /// last the value holds (fill mode both). Inside a time-remapped precomposition the
    /// value is sampled through the remap instead.
    func keyframeAnimation(keyPath: String, timeline: LottieTimeline, value: (Value) -> Any) -> CAKeyframeAnimation? {
        if timeline.remap != nil {
            guard let frames = animatedFrames else { return nil }
            return timeline.sampled(keyPath: keyPath, over: frames) { value(self.value(atFrame: $0)) }
        }
        guard case .keyframes(let keyframes) = content, let first = keyframes.first, let initial = first.start else { return nil }
        var points: [(frame: Double, value: Value)] = [(first.time, initial)]
        var easings: [CAMediaTimingFunction] = []
        for (from, to) in zip(keyframes, keyframes.dropFirst()) {
            let start = points[points.count - 1].value
            if from.hold {
                // Still until the next keyframe's frame.
                easings.append(CAMediaTimingFunction(name: .linear))
                points.append((to.time, start))
            } else {
                // Bodymovin 4 gives the segment's end value on its first keyframe.
                easings.append(Self.easing(of: from))
                points.append((to.time, from.end ?? to.start ?? start))
            }
            // The next segment starts from the next keyframe's own value: a jump where it
            // differs, made a step of `jump` frames ending on the keyframe, so that the
            // keyframe's own frame shows its own value.
            if let next = to.start, next != points[points.count - 1].value {
                points[points.count - 1].frame = max(to.time - Self.jump, points[points.count - 2].frame)
                easings.append(CAMediaTimingFunction(name: .linear))
                points.append((to.time, next))
            }
        }
        guard let last = points.last, last.frame > first.time else { return nil }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = points.map { value($0.value) }
        animation.keyTimes = points.map { NSNumber(value: ($0.frame - first.time) / (last.frame - first.time)) }
        animation.timingFunctions = easings
        animation.beginTime = timeline.time(ofFrame: first.time)
        animation.duration = (last.frame - first.time) / timeline.framerate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// How many frames a jump between two values takes: far less than a frame, so no frame
    /// time falls inside it.
    static var jump: Double { 1e-4 }

    /// The easing of the segment that starts at `keyframe`: linear without handles.
    static func easing(of keyframe: LottieKeyframe<Value>) -> CAMediaTimingFunction {
        guard !keyframe.hold, let out = keyframe.outEasing, let into = keyframe.inEasing else { return CAMediaTimingFunction(name: .linear) }
        let o = out.point(0), i = into.point(0)
        return CAMediaTimingFunction(controlPoints: Float(o.x), Float(o.y), Float(i.x), Float(i.y))
    }
}
