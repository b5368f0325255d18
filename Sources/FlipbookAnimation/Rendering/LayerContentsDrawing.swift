/// Draws a layer's contents image as Core Animation places it: `contentsRect` picks the
/// part of the image shown, `contentsGravity` fits that part to the bounds (the image's
/// size in points is its pixel size over `contentsScale`), and the filters choose the
/// sampling. A `contentsCenter` smaller than the unit rectangle stretches the contents in
/// nine parts: the corners outside it keep their size, the edges stretch along their
/// length and the centre both ways. As on iOS, whose layers are not geometry-flipped, the gravities name edges
/// of a y-up space: `.top` places the contents at the bottom edge of the bounds on screen
/// and `.bottom` at the top (the documented quirk users meet with `contentsGravity`).
///
/// It keeps only the values it draws with, so two drawings that are equal place the same
/// image the same way.
struct LayerContentsDrawing: Equatable {
    let bounds: CGRect
    let contentsRect: CGRect
    let contentsCenter: CGRect
    let contentsScale: Double
    let masksToBounds: Bool
    let cornerRadius: Double
    let gravity: LayerAttributes.ContentsPlacement
    let minification: CGInterpolationQuality
    let magnification: CGInterpolationQuality

    /// The drawing of a layer showing `state`, its attributes read at commit.
    init(state: borrowing LayerState, attributes: LayerAttributes) {
        bounds = state.bounds
        contentsRect = state.contentsRect
        contentsCenter = state.contentsCenter
        contentsScale = state.contentsScale
        masksToBounds = state.masksToBounds
        cornerRadius = state.cornerRadius
        gravity = attributes.contentsPlacement
        minification = attributes.minification
        magnification = attributes.magnification
    }

    /// The size in points of the part of `image` that `contentsRect` shows (pixels over
    /// `contentsScale`); nil when that part or the image is empty.
    func naturalSize(of image: CGImage) -> CGSize? {
        let crop = contentsRect.standardized
        guard crop.width > 0, crop.height > 0, image.width > 0, image.height > 0 else { return nil }
        let scale = contentsScale > 0 && contentsScale.isFinite ? CGFloat(contentsScale) : 1
        return CGSize(width: CGFloat(image.width) * crop.width / scale, height: CGFloat(image.height) * crop.height / scale)
    }

    func draw(_ image: CGImage, in context: CGContext) {
        guard let natural = naturalSize(of: image) else { return }
        let crop = contentsRect.standardized
        let shown = placement(of: natural, in: bounds.standardized)
        guard shown.width > 0, shown.height > 0 else { return }
        // The whole image is drawn so that its `contentsRect` part fills `shown`.
        let whole = CGRect(x: shown.minX - crop.minX * shown.width / crop.width,
                           y: shown.minY - crop.minY * shown.height / crop.height,
                           width: shown.width / crop.width, height: shown.height / crop.height)
        context.saveGState()
        context.clip(to: shown)
        setInterpolation(minifying: context.pointScale * whole.width < CGFloat(image.width), in: context)
        let center = contentsCenter.standardized
        if center != CGRect(x: 0, y: 0, width: 1, height: 1), !center.isNull,
           let part = image.cropping(to: CGRect(x: crop.minX * CGFloat(image.width), y: crop.minY * CGFloat(image.height),
                                                width: crop.width * CGFloat(image.width), height: crop.height * CGFloat(image.height)).integral) {
            drawNineParts(part, natural: natural, center: center, in: shown, context: context)
        } else {
            context.draw(image, in: whole)
        }
        context.restoreGState()
    }

    /// Where the whole of `image` goes in the layer's bounds coordinates when it is drawn
    /// as it is: `nil` when the contents are cropped by `contentsRect`, stretched in nine
    /// parts, or clipped by the bounds (rounded, or smaller than the contents).
    func uncroppedPlacement(of image: CGImage) -> CGRect? {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        guard contentsRect.standardized == unit, contentsCenter.standardized == unit,
              let natural = naturalSize(of: image) else { return nil }
        let bounds = self.bounds.standardized
        let shown = placement(of: natural, in: bounds)
        let clipped = masksToBounds && (cornerRadius > 0 || !bounds.contains(shown))
        guard shown.width > 0, shown.height > 0, !clipped else { return nil }
        return shown
    }

    /// Sets the context's sampling from the layer's minification or magnification filter.
    func setInterpolation(minifying: Bool, in context: CGContext) {
        context.interpolationQuality = minifying ? minification : magnification
    }

    /// `image` (the shown part of the contents, `natural` points in size) stretched into
    /// `shown` in nine parts around `center` (unit coordinates of the image, y from its
    /// top). Corners keep their natural size unless the destination is too small for
    /// two of them, when both shrink in proportion.
    private func drawNineParts(_ image: CGImage, natural: CGSize, center: CGRect, in shown: CGRect, context: CGContext) {
        func cuts(_ low: CGFloat, _ high: CGFloat, pixels: Int, points: CGFloat, origin: CGFloat, length: CGFloat)
            -> (source: [CGFloat], target: [CGFloat]) {
            let lo = min(max(low, 0), 1), hi = min(max(high, lo), 1)
            var before = lo * points, after = (1 - hi) * points
            if before + after > length, before + after > 0 {
                let shrink = length / (before + after)
                before *= shrink
                after *= shrink
            }
            let source = [0, lo, hi, 1].map { ($0 * CGFloat(pixels)).rounded() }
            return (source, [origin, origin + before, origin + length - after, origin + length])
        }
        let xs = cuts(center.minX, center.maxX, pixels: image.width, points: natural.width, origin: shown.minX, length: shown.width)
        let ys = cuts(center.minY, center.maxY, pixels: image.height, points: natural.height, origin: shown.minY, length: shown.height)
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(x: xs.source[column], y: ys.source[row],
                                    width: xs.source[column + 1] - xs.source[column], height: ys.source[row + 1] - ys.source[row])
                let target = CGRect(x: xs.target[column], y: ys.target[row],
                                    width: xs.target[column + 1] - xs.target[column], height: ys.target[row + 1] - ys.target[row])
                guard source.width > 0, source.height > 0, target.width > 0, target.height > 0,
                      let piece = image.cropping(to: source) else { continue }
                context.draw(piece, in: target)
            }
        }
    }

    /// Where contents of `size` points go within `bounds` under the layer's gravity.
    func placement(of size: CGSize, in bounds: CGRect) -> CGRect {
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
        case let .anchored(edgeX, edgeY):
            let x = edgeX < 0 ? bounds.minX : edgeX > 0 ? bounds.maxX - size.width : bounds.midX - size.width / 2
            let y = edgeY > 0 ? bounds.maxY - size.height : edgeY < 0 ? bounds.minY : bounds.midY - size.height / 2
            return CGRect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}
