/// Draws a layer's contents image as Core Animation places it: `contentsRect` picks the
/// part of the image shown, `contentsGravity` fits that part to the bounds (the image's
/// size in points is its pixel size over `contentsScale`), and the filters choose the
/// sampling. As on iOS, whose layers are not geometry-flipped, the gravities name edges
/// of a y-up space: `.top` places the contents at the bottom edge of the bounds on screen
/// and `.bottom` at the top (the documented quirk users meet with `contentsGravity`).
struct LayerContentsDrawing {
    let state: LayerState
    let attributes: LayerAttributes

    func draw(_ image: CGImage, in context: CGContext) {
        let crop = state.contentsRect.standardized
        guard crop.width > 0, crop.height > 0, image.width > 0, image.height > 0 else { return }
        let scale = state.contentsScale > 0 && state.contentsScale.isFinite ? CGFloat(state.contentsScale) : 1
        let natural = CGSize(width: CGFloat(image.width) * crop.width / scale, height: CGFloat(image.height) * crop.height / scale)
        let shown = placement(of: natural, in: state.bounds.standardized)
        guard shown.width > 0, shown.height > 0 else { return }
        // The whole image is drawn so that its `contentsRect` part fills `shown`.
        let whole = CGRect(x: shown.minX - crop.minX * shown.width / crop.width,
                           y: shown.minY - crop.minY * shown.height / crop.height,
                           width: shown.width / crop.width, height: shown.height / crop.height)
        context.saveGState()
        context.clip(to: shown)
        let minifying = context.pointScale * whole.width < CGFloat(image.width)
        let filter = minifying ? attributes.minificationFilter : attributes.magnificationFilter
        context.interpolationQuality = filter == .nearest ? .none : (filter == .trilinear ? .high : .low)
        context.draw(image, in: whole)
        context.restoreGState()
    }

    /// Where contents of `size` points go within `bounds` under the layer's gravity.
    func placement(of size: CGSize, in bounds: CGRect) -> CGRect {
        let gravity = attributes.contentsGravity
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return .zero }
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let fitted = CGSize(width: size.width * s, height: size.height * s)
            return CGRect(x: bounds.midX - fitted.width / 2, y: bounds.midY - fitted.height / 2,
                          width: fitted.width, height: fitted.height)
        default:
            // Edges named in a y-up space: "top" is the bounds' maxY on an iOS screen.
            let name = gravity.rawValue.lowercased()
            let x = name.contains("left") ? bounds.minX
                : name.contains("right") ? bounds.maxX - size.width : bounds.midX - size.width / 2
            let y = name.hasPrefix("top") ? bounds.maxY - size.height
                : name.hasPrefix("bottom") ? bounds.minY : bounds.midY - size.height / 2
            return CGRect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}
