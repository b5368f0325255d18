import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// A repeater (lottie-spec's Repeater) as a `CAReplicatorLayer`, stacked as lottie-web
/// stacks the copies: each copy through the repeater's transform once more than the one
/// before (the offset's copies skipped); with composite 1 the first copy on top, with 2 the
/// last; the copy on top at the start opacity, the one at the bottom at the end opacity.
/// What moves — the transform, the offset, the opacities — is sampled frame by frame; the
/// number of copies is the first frame's.
enum LottieRepeaterLayers {
    /// `layers` (the first on top) repeated by `repeater`.
    static func replicate(_ layers: [CALayer], by repeater: LottieRepeater, timeline: LottieTimeline) -> CALayer {
        let copies = max(Int((repeater.copies?.initialValue.value ?? 1).rounded()), 0)
        // Instances are drawn first to last, bottom to top: with the first copy on top they
        // run backwards from the last copy.
        let backwards = repeater.composite != 2
        let replicator = CAReplicatorLayer()
        replicator.anchorPoint = .zero
        replicator.instanceCount = copies
        let content = CALayer()
        content.anchorPoint = .zero
        for layer in layers.reversed() { content.addSublayer(layer) }
        replicator.addSublayer(content)

        let last = Double(max(copies - 1, 0))
        let start = { (frame: Double) -> CATransform3D in
            let offset = Self.offset(repeater, atFrame: frame) + (backwards ? last : 0)
            return power(step(repeater, atFrame: frame), offset)
        }
        let instance = { (frame: Double) -> CATransform3D in
            backwards ? CATransform3DInvert(step(repeater, atFrame: frame)) : step(repeater, atFrame: frame)
        }
        /// The opacities from the bottom instance (the end opacity) to the top one (the
        /// start opacity) as the content's opacity (the larger), the first instance's alpha
        /// and what each later one adds: an instance's alpha stays within 0…1.
        let opacities = { (frame: Double) -> (content: Double, first: Double, step: Double) in
            let (from, to) = (percent(repeater.transform?.endOpacity, frame), percent(repeater.transform?.startOpacity, frame))
            let most = max(from, to)
            guard copies > 1, most > 0 else { return (most, 1, 0) }
            return (most, from / most, (to - from) / most / Double(copies - 1))
        }
        let frames = animatedFrames(repeater)
        let initial = frames?.lowerBound ?? 0
        replicator.instanceTransform = instance(initial)
        content.transform = start(initial)
        let alphas = opacities(initial)
        content.opacity = Float(alphas.content)
        replicator.instanceColor = CGColor(gray: 1, alpha: alphas.first)
        replicator.instanceAlphaOffset = Float(alphas.step)
        if let frames {
            replicator.add(timeline.sampled(keyPath: "instanceTransform", over: frames) { NSValue(caTransform3D: instance($0)) },
                           forKey: "instanceTransform")
            content.add(timeline.sampled(keyPath: "transform", over: frames) { NSValue(caTransform3D: start($0)) }, forKey: "transform")
            content.add(timeline.sampled(keyPath: "opacity", over: frames) { opacities($0).content }, forKey: "opacity")
            replicator.add(timeline.sampled(keyPath: "instanceColor", over: frames) { CGColor(gray: 1, alpha: opacities($0).first) },
                           forKey: "instanceColor")
            replicator.add(timeline.sampled(keyPath: "instanceAlphaOffset", over: frames) { opacities($0).step },
                           forKey: "instanceAlphaOffset")
        }
        return replicator
    }

    /// What each copy adds to the one before at a frame: its transform laid out as a
    /// group's is, then moved on by the anchor point (turned and scaled about it).
    private static func step(_ repeater: LottieRepeater, atFrame frame: Double) -> CATransform3D {
        let transform = repeater.transform?.transform ?? LottieTransform()
        let anchor = transform.anchor?.value(atFrame: frame).point ?? .zero
        return CATransform3DMakeAffineTransform(transform.placement(frame).concatenating(CGAffineTransform(translationX: anchor.x, y: anchor.y)))
    }

    /// The offset at a frame, in whole copies (at most a thousand either way).
    private static func offset(_ repeater: LottieRepeater, atFrame frame: Double) -> Double {
        let offset = (repeater.offset?.value(atFrame: frame).value ?? 0).rounded()
        return offset.isFinite ? min(max(offset, -1000), 1000) : 0
    }

    /// `step` applied `count` times (its inverse when `count` is negative).
    private static func power(_ step: CATransform3D, _ count: Double) -> CATransform3D {
        let unit = count < 0 ? CATransform3DInvert(step) : step
        var result = CATransform3DIdentity
        for _ in 0..<Int(abs(count)) { result = CATransform3DConcat(unit, result) }
        return result
    }

    private static func percent(_ property: LottieProperty<LottieScalar>?, _ frame: Double) -> Double {
        (property?.value(atFrame: frame).value ?? 100) / 100
    }

    /// The frames over which the transform, offset or opacities change; nil when they hold.
    private static func animatedFrames(_ repeater: LottieRepeater) -> ClosedRange<Double>? {
        LottieTimeline.span([repeater.offset?.animatedFrames, repeater.transform?.transform.placementFrames,
                             repeater.transform?.startOpacity?.animatedFrames, repeater.transform?.endOpacity?.animatedFrames])
    }
}
