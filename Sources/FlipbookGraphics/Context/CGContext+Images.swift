extension CGContext {
    /// Draws `image` scaled into `rect` (user space). The image's top row lands at
    /// `rect.minY`: Flipbook's y-down contexts draw images upright, with no flip needed.
    /// Sampling follows `interpolationQuality`; edges are anti-aliased.
    ///
    /// With `byTiling`, the image repeats across the whole clip region, each tile the size
    /// of `rect` and one tile's origin at `rect.origin`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard !r.isNull, !r.isInfiniteRect, r.width > 0, r.height > 0,
              [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else { return }
        let imageToDevice = CGAffineTransform(scaleX: r.width / CGFloat(image.width), y: r.height / CGFloat(image.height))
            .concatenating(CGAffineTransform(translationX: r.minX, y: r.minY))
            .concatenating(state.ctm)
        let quality = state.interpolationQuality == .default ? .medium : state.interpolationQuality
        let shader = ImageShader(image: image, imageToDevice: imageToDevice, quality: quality, tiled: byTiling)
        if byTiling {
            render(.rect(clipBounds), paint: .shader(shader))
        } else if let pixels = alignedDeviceRect(r) {
            render(.rect(pixels), paint: .shader(shader))
        } else {
            let area = CGMutablePath()
            area.addRect(r, transform: state.ctm)
            render(coverage(ofDevicePath: area, rule: .winding), paint: .shader(shader))
        }
    }
}
