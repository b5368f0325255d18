import FlipbookAnimation
import FlipbookGraphics
import Foundation

/// A Lottie transform (a layer's, a shape group's) as Core Animation layers.
enum LottieTransformLayers {
    /// A transform as nested layers with their animations — position, rotation and opacity;
    /// the turn in 3-D (when it has one, the rotation about z with it); skew (when it has
    /// one); scale; the anchor point moved to the origin — the outermost and the innermost
    /// (often one layer). What does not move shares a layer with what is outside it: a
    /// scale that no rotation or skew animates outside it joins the rotation in one
    /// transform (scale first), and the anchor point is the innermost layer's bounds origin
    /// (its sublayers placed from there), so a still transform is one layer.
    /// With `autoOrient`, the layer also turns to the direction its position moves in.
    /// With `keepingDepth`, the layers are transform layers, which keep what turns out of
    /// the plane inside them in 3-D for the turns outside (a layer in 3-D parented to
    /// another), as lottie-web multiplies a parent's 3-D matrix by its child's; a layer's
    /// own transform (`opacity`) then ends in a plain layer holding the opacity, the plane
    /// its content is drawn in.
    static func make(_ transform: LottieTransform, timeline: LottieTimeline, opacity: Bool, autoOrient: Bool = false,
                     keepingDepth: Bool = false) -> (CALayer, CALayer) {
        let placed = keepingDepth ? CATransformLayer() : CALayer()
        placed.anchorPoint = .zero
        var inner = placed
        /// A new innermost layer inside the current one.
        func nest(_ layer: CALayer = keepingDepth ? CATransformLayer() : CALayer()) -> CALayer {
            layer.anchorPoint = .zero
            inner.addSublayer(layer)
            inner = layer
            return layer
        }
        switch transform.position {
        case .combined(let position)?:
            placed.position = position.initialValue.point
            let moving = position.hasCurvedPath
                ? LottieMotionPath(position)?.animation(keyPath: "position", timeline: timeline) { $0 }
                : position.keyframeAnimation(keyPath: "position", timeline: timeline) { $0.point }
            if autoOrient { moving?.rotationMode = .rotateAuto }
            add(moving, to: placed)
        case let .split(x, y)?:
            placed.position = CGPoint(x: x.initialValue.value, y: y.initialValue.value)
            add(x.keyframeAnimation(keyPath: "position.x", timeline: timeline) { $0.value }, to: placed)
            add(y.keyframeAnimation(keyPath: "position.y", timeline: timeline) { $0.value }, to: placed)
        case nil:
            break
        }
        // In 3-D, the rotation about z is the first part of the turn.
        let turnsIn3D = transform.turnsIn3D
        let rotation = turnsIn3D ? nil : transform.rotation
        let angle = (rotation?.initialValue.value ?? 0) * .pi / 180
        let turning = rotation?.isAnimated == true || autoOrient
        if let rotation, turning {
            placed.setValue(angle, forKeyPath: "transform.rotation.z")
            add(rotation.keyframeAnimation(keyPath: "transform.rotation.z", timeline: timeline) { $0.value * .pi / 180 }, to: placed)
        }
        if opacity, !keepingDepth { Self.opacity(transform.opacity, of: placed, timeline: timeline) }
        if turnsIn3D {
            let turned = nest()
            let frames = transform.turnFrames
            turned.transform = transform.turn(atFrame: frames?.lowerBound ?? 0)
            if let frames {
                turned.add(timeline.sampled(keyPath: "transform", over: frames) { frame in
                    NSValue(caTransform3D: transform.turn(atFrame: frame))
                }, forKey: "transform")
            }
        }
        if transform.skews {
            let skewed = nest()
            let frames = transform.skewFrames
            skewed.setAffineTransform(transform.skewing(atFrame: frames?.lowerBound ?? 0))
            if let frames {
                skewed.add(timeline.sampled(keyPath: "transform", over: frames) { frame in
                    NSValue(caTransform3D: CATransform3DMakeAffineTransform(transform.skewing(atFrame: frame)))
                }, forKey: "transform")
            }
        }
        let x = (transform.scale?.initialValue[0, default: 100] ?? 100) / 100, y = (transform.scale?.initialValue[1, default: 100] ?? 100) / 100
        let scaling = CATransform3DMakeScale(x, y, 1)
        if let scale = transform.scale,
           let scaleX = scale.keyframeAnimation(keyPath: "transform.scale.x", timeline: timeline, value: { $0[0, default: 100] / 100 }),
           let scaleY = scale.keyframeAnimation(keyPath: "transform.scale.y", timeline: timeline, value: { $0[1, default: 100] / 100 }) {
            // Each scale on a layer of its own: setting one of them on a transform that
            // already mirrors would turn it instead (a mirror decomposes as a rotation).
            let scaled = nest(), scaledY = nest()
            scaled.setValue(x, forKeyPath: "transform.scale.x")
            scaledY.setValue(y, forKeyPath: "transform.scale.y")
            add(scaleX, to: scaled)
            add(scaleY, to: scaledY)
        } else if turning || turnsIn3D || transform.skews {
            if x != 1 || y != 1 { nest().transform = scaling }
        } else {
            placed.transform = CATransform3DConcat(scaling, CATransform3DMakeRotation(angle, 0, 0, 1))
        }
        // The plane the content is drawn in, which fades it as a whole (a transform layer
        // would fade each of its sublayers on its own).
        if keepingDepth, opacity { Self.opacity(transform.opacity, of: nest(CALayer()), timeline: timeline) }
        if let anchor = transform.anchor {
            inner.bounds.origin = anchor.initialValue.point
            add(anchor.keyframeAnimation(keyPath: "bounds.origin", timeline: timeline) { $0.point }, to: inner)
        }
        return (placed, inner)
    }

    /// Gives `layer` the opacity `property` holds (percent), animated by its keyframes.
    static func opacity(_ property: LottieProperty<LottieScalar>?, of layer: CALayer, timeline: LottieTimeline) {
        guard let property else { return }
        layer.opacity = Float(property.initialValue.value / 100)
        add(property.keyframeAnimation(keyPath: "opacity", timeline: timeline) { $0.value / 100 }, to: layer)
    }

    /// Adds `animation`, when there is one, under its key path.
    static func add(_ animation: CAAnimation?, to layer: CALayer) {
        guard let animation, let keyPath = (animation as? CAPropertyAnimation)?.keyPath else { return }
        layer.add(animation, forKey: keyPath)
    }

}
