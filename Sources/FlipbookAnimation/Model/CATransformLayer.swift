/// A layer whose sublayers share its 3-D space instead of being flattened into its
/// plane, as Core Animation's `CATransformLayer`. It draws nothing of its own.
open class CATransformLayer: CALayer {
    override var attributesKind: LayerAttributes.Kind { .transformLayer }
}
