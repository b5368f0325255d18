extension FrameTreeBuilder {
    /// For a `CAReplicatorLayer`, the transform of each instance's sublayers (instance k
    /// is `instanceTransform` applied k times, about the layer's centre); nil for other layers.
    func replicatorInstanceTransforms(of index: Int) -> [CATransform3D]? {
        guard case .replicator(let count, _) = renderTree.nodes[index].layer.attributes.kind else { return nil }
        let state = presentation.values[index]
        let centre = CATransform3DMakeTranslation(state.bounds.midX, state.bounds.midY, 0)
        let toCentre = CATransform3DMakeTranslation(-state.bounds.midX, -state.bounds.midY, 0)
        var power = CATransform3DIdentity
        var transforms: [CATransform3D] = []
        for _ in 0..<max(count, 0) {
            transforms.append(CATransform3DConcat(CATransform3DConcat(toCentre, power), centre))
            power = CATransform3DConcat(power, state.instanceTransform)
        }
        return transforms
    }

    /// Draws a replicator's sublayers once per instance, in instance order (see
    /// `replica(_:of:through:)`).
    func drawReplicas(of index: Int, through transforms: [CATransform3D], order: [Int], on canvas: FrameCanvas,
                      mirrored: Bool, alpha: CGFloat) {
        for (k, transform) in transforms.enumerated() {
            guard let (builder, instanceAlpha) = replica(k, of: index, through: transform) else { continue }
            for child in order {
                builder.drawSublayer(child, parent: index, on: canvas, mirrored: mirrored, alpha: alpha * instanceAlpha)
            }
        }
    }

    /// The builder of instance k of replicator `index`, and the opacity it is drawn at;
    /// nil for an invisible instance. Instance k is moved by its transform, its animations
    /// run `k · instanceDelay` behind, and its colours are multiplied by `instanceColor`
    /// plus k times the red, green and blue offsets (each clamped to 0…1), its opacity by
    /// the alpha the same way. Colours are multiplied in the layers' values (background,
    /// border, shadow, fill, stroke, gradient and text colours); images in `contents` are
    /// not tinted.
    func replica(_ k: Int, of index: Int, through transform: CATransform3D) -> (FrameTreeBuilder, CGFloat)? {
        let state = presentation.values[index]
        let base = state.instanceColor ?? SIMD4(1, 1, 1, 1)
        let tint = (base + state.instanceOffsets * Double(k)).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        guard tint.w > 0 else { return nil }
        var instanceFrame = presentation
        if k > 0, state.instanceDelay != 0 {
            renderTree.evaluate(at: presentation.time, into: &instanceFrame, delaying: (index, Double(k) * state.instanceDelay))
        }
        if tint.x < 1 || tint.y < 1 || tint.z < 1 {
            let rgb = SIMD4(tint.x, tint.y, tint.z, 1)
            for node in subtreeRange(of: index) { instanceFrame.values[node].multiplyColors(by: rgb) }
        }
        var builder = FrameTreeBuilder(copying: self, presentation: instanceFrame)
        builder.instance = (index, transform)
        return (builder, CGFloat(tint.w))
    }

    /// The nodes below `index` (depth-first order keeps a subtree contiguous).
    private func subtreeRange(of index: Int) -> Range<Int> {
        var end = index + 1
        while end < renderTree.nodes.count {
            var ancestor = renderTree.nodes[end].parent
            while ancestor > index { ancestor = renderTree.nodes[ancestor].parent }
            guard ancestor == index else { break }
            end += 1
        }
        return index + 1..<end
    }
}

extension LayerState {
    /// Multiplies every colour the layer draws with by `factor` (component-wise).
    mutating func multiplyColors(by factor: SIMD4<Double>) {
        func tinted(_ colour: SIMD4<Double>?) -> SIMD4<Double>? { colour.map { $0 * factor } }
        backgroundColor = tinted(backgroundColor)
        borderColor = tinted(borderColor)
        shadowColor = tinted(shadowColor)
        fillColor = tinted(fillColor)
        strokeColor = tinted(strokeColor)
        foregroundColor = tinted(foregroundColor)
        colors = colors?.map(tinted)
    }
}
