/// What a layer draws with besides its animatable values: its class and the properties
/// Core Animation does not animate, captured at commit for the renderer.
struct LayerAttributes: @unchecked Sendable {
    /// The layer's class, with that class's properties that are not animated.
    enum Kind {
        case plain
        /// A shape layer's rule, caps and joins as a context takes them: plain values, so
        /// reading the kind (for every layer, every frame) copies no strings.
        case shape(fillRule: CGPathFillRule, lineCap: CGLineCap, lineJoin: CGLineJoin)
        /// `focus`: where a radial gradient begins (`CAGradientLayer.radialFocus`).
        case gradient(CAGradientLayerType, focus: CGPoint?)
        case replicator(instanceCount: Int, preservesDepth: Bool)
        /// A `CATransformLayer`: no content of its own; its sublayers share its 3-D space.
        case transformLayer
        case text(string: Any?, font: Any?, isWrapped: Bool, alignment: CATextLayerAlignmentMode,
                  truncation: CATextLayerTruncationMode)
        /// `emissionStart`: the media time of the layer's first commit, when it began emitting.
        case emitter(shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode,
                     renderMode: CAEmitterLayerRenderMode, preservesDepth: Bool, seed: UInt32, emissionStart: Double)
    }

    var kind = Kind.plain
    var isGeometryFlipped = false
    var contentsGravity = CALayerContentsGravity.resize
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var allowsGroupOpacity = true
    /// The blend mode of the layer's `compositingFilter`; nil for source-over.
    var compositing: CGBlendMode?
    /// Whether the layer's `filters` turn its rendering into a luminance mask.
    var masksToAlpha = false

    /// Whether the layer's whole rendering is filtered or composited as one picture: a
    /// compositing filter or a layer filter.
    var filtersRendering: Bool { compositing != nil || masksToAlpha }
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

extension CALayer {
    /// What a commit captures for the renderer besides the layer state.
    var attributes: LayerAttributes {
        LayerAttributes(kind: attributesKind, isGeometryFlipped: isGeometryFlipped, contentsGravity: contentsGravity,
                        minificationFilter: minificationFilter, magnificationFilter: magnificationFilter,
                        allowsGroupOpacity: allowsGroupOpacity, compositing: CompositingFilter.blendMode(of: compositingFilter),
                        masksToAlpha: LayerFilters.masksToAlpha(filters), maskedCorners: maskedCorners)
    }
}
