import FlipbookGraphics
import Foundation

extension LottieTransform {
    /// The map from a group's own coordinates into its parent's at a composition frame, as
    /// `LottieTransformLayers` lays a transform out — moved to its position, turned, skewed,
    /// scaled, its anchor point moved to the origin — for geometry a style outside the group
    /// paints (a group's transform does not turn in 3-D).
    var placement: (Double) -> CGAffineTransform {
        let along: LottieMotionPath?
        if case .combined(let position)? = position, position.hasCurvedPath { along = LottieMotionPath(position) } else { along = nil }
        return { frame in
            let anchor = self.anchor?.value(atFrame: frame).point ?? .zero
            let position: CGPoint
            switch self.position {
            case .combined(let value)?: position = along?.position(atFrame: frame) ?? value.value(atFrame: frame).point
            case let .split(x, y)?: position = CGPoint(x: x.value(atFrame: frame).value, y: y.value(atFrame: frame).value)
            case nil: position = .zero
            }
            let scale = self.scale?.value(atFrame: frame) ?? LottieVector([100, 100])
            let angle = (self.rotation?.value(atFrame: frame).value ?? 0) * .pi / 180
            return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(CGAffineTransform(scaleX: scale[0, default: 100] / 100, y: scale[1, default: 100] / 100))
                .concatenating(self.skewing(atFrame: frame))
                .concatenating(CGAffineTransform(rotationAngle: angle))
                .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
        }
    }

    /// The frames over which the placement changes; nil when it holds still.
    var placementFrames: ClosedRange<Double>? {
        var spans = [anchor?.animatedFrames, scale?.animatedFrames, rotation?.animatedFrames, skewFrames]
        switch position {
        case .combined(let value)?: spans.append(value.animatedFrames)
        case let .split(x, y)?: spans += [x.animatedFrames, y.animatedFrames]
        case nil: break
        }
        return LottieTimeline.span(spans)
    }

    /// The skew at a composition frame, as lottie-web applies it between the scale and the
    /// rotation: turned by the skew axis, sheared by tan(−skew) along x, turned back.
    func skewing(atFrame frame: Double) -> CGAffineTransform {
        guard let skew else { return .identity }
        let angle = skew.value(atFrame: frame).value * .pi / 180, axis = (skewAxis?.value(atFrame: frame).value ?? 0) * .pi / 180
        return CGAffineTransform(rotationAngle: axis)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: tan(-angle), d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: -axis))
    }

    /// Whether the transform skews at any frame.
    var skews: Bool { skew.map { $0.isAnimated || $0.initialValue.value != 0 } ?? false }

    /// The frames over which the skew changes; nil when it holds still.
    var skewFrames: ClosedRange<Double>? { LottieTimeline.span([skew?.animatedFrames, skewAxis?.animatedFrames]) }
}
