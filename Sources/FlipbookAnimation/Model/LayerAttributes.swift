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
        case gradient(GradientShape, focus: CGPoint?)
        case replicator(instanceCount: Int, preservesDepth: Bool)
        /// A `CATransformLayer`: no content of its own; its sublayers share its 3-D space.
        case transformLayer
        /// Text and emitters keep objects and strings, boxed (`indirect`): copying the kind
        /// of any other layer, as every frame does, copies plain values and retains nothing.
        indirect case text(string: Any?, font: Any?, isWrapped: Bool, alignment: CATextLayerAlignmentMode,
                           truncation: CATextLayerTruncationMode)
        /// `emissionStart`: the media time of the layer's first commit, when it began emitting.
        indirect case emitter(shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode,
                              renderMode: CAEmitterLayerRenderMode, preservesDepth: Bool, seed: UInt32, emissionStart: Double)
    }

    /// A gradient layer's `type`, read once at commit: `.axial` for a type it does not know,
    /// as Core Animation draws one.
    enum GradientShape: Equatable {
        case axial, radial, conic

        init(_ type: CAGradientLayerType) {
            self = type == .radial ? .radial : type == .conic ? .conic : .axial
        }
    }

    /// Where `contentsGravity` puts the contents, its name read once at commit.
    enum ContentsPlacement: Equatable {
        case resize, resizeAspect, resizeAspectFill
        /// At their natural size, on the bounds' edge each axis names (−1 its minimum, 1 its
        /// maximum) or centred on it (0). The names are of a y-up space, as on iOS: "top" is
        /// the bounds' maximum y.
        case anchored(x: Int8, y: Int8)

        init(_ gravity: CALayerContentsGravity) {
            switch gravity {
            case .resize: self = .resize
            case .resizeAspect: self = .resizeAspect
            case .resizeAspectFill: self = .resizeAspectFill
            default:
                let name = gravity.rawValue.lowercased()
                self = .anchored(x: name.contains("left") ? -1 : name.contains("right") ? 1 : 0,
                                 y: name.hasPrefix("top") ? 1 : name.hasPrefix("bottom") ? -1 : 0)
            }
        }
    }

    var kind = Kind.plain
    var isGeometryFlipped = false
    var contentsPlacement = ContentsPlacement.resize
    /// How contents are sampled when shown smaller and larger than their pixels: the
    /// minification and magnification filters as a context takes them. Plain values, like
    /// the rest but text's and emitters' kinds, so copying the attributes retains nothing.
    var minification = CGInterpolationQuality.low
    var magnification = CGInterpolationQuality.low
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
        LayerAttributes(kind: attributesKind, isGeometryFlipped: isGeometryFlipped,
                        contentsPlacement: LayerAttributes.ContentsPlacement(contentsGravity),
                        minification: Self.sampling(minificationFilter), magnification: Self.sampling(magnificationFilter),
                        allowsGroupOpacity: allowsGroupOpacity, compositing: CompositingFilter.blendMode(of: compositingFilter),
                        masksToAlpha: LayerFilters.masksToAlpha(filters), maskedCorners: maskedCorners)
    }

    /// A contents filter as a context's interpolation: nearest neighbour, bilinear, or
    /// bilinear from a mipmap level (trilinear).
    private static func sampling(_ filter: CALayerContentsFilter) -> CGInterpolationQuality {
        filter == .nearest ? .none : filter == .trilinear ? .high : .low
    }
}
