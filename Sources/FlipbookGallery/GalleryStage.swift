import FlipbookAnimation
import FlipbookGraphics

/// A built gallery scene: the layer tree to record, the part of it shown, how long it
/// plays, and the objects (windows, view controllers, delegates) it needs alive.
@MainActor
public final class GalleryStage {
    /// The root of the layer tree.
    public let layer: CALayer
    /// The part of the root's superlayer space shown, in points.
    public let bounds: CGRect
    /// Seconds the scene plays before it repeats or rests; 0 for a still.
    public let duration: CFTimeInterval
    private let owners: [AnyObject]

    init(layer: CALayer, bounds: CGRect? = nil, duration: CFTimeInterval, owners: [AnyObject] = []) {
        self.layer = layer
        self.bounds = bounds ?? layer.frame
        self.duration = duration
        self.owners = owners
    }
}
