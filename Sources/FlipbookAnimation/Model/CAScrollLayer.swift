import Foundation

/// A layer that shows a scrolled part of its sublayers by moving its bounds origin, as
/// Core Animation's `CAScrollLayer`.
open class CAScrollLayer: CALayer {
    open var scrollMode: CAScrollLayerScrollMode = .both

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { scrollMode = other.scrollMode }
    }

    /// Moves the bounds origin to `point`, along the axes the scroll mode allows.
    open func scroll(to point: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .horizontally || scrollMode == .both { origin.x = point.x }
        if scrollMode == .vertically || scrollMode == .both { origin.y = point.y }
        bounds.origin = origin
    }

    /// Scrolls as little as needed to bring `rect` into view.
    open func scroll(to rect: CGRect) {
        var origin = bounds.origin
        let size = bounds.size
        if rect.minX < origin.x { origin.x = rect.minX } else if rect.maxX > origin.x + size.width { origin.x = rect.maxX - size.width }
        if rect.minY < origin.y { origin.y = rect.minY } else if rect.maxY > origin.y + size.height { origin.y = rect.maxY - size.height }
        scroll(to: origin)
    }
}
