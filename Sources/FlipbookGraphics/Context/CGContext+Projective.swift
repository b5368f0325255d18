extension CGContext {
    /// Draws `image` filling `rect`, then carried through `transform` before the CTM
    /// (Flipbook's addition: Core Graphics has no perspective drawing; Core Animation
    /// uses it for layers seen in perspective). Sampling is perspective-correct; the part
    /// of the rectangle at or behind the eye (w ≤ a small ε) is cut away, so a plane
    /// passing the viewer shows only its part in front. Edges are anti-aliased.
    public func draw(_ image: CGImage, in rect: CGRect, through transform: ProjectiveTransform) {
        let r = rect.standardized
        guard !r.isNull, !r.isInfiniteRect, r.width > 0, r.height > 0, image.width > 0, image.height > 0,
              [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else { return }
        let imageToRect = CGAffineTransform(scaleX: r.width / CGFloat(image.width), y: r.height / CGFloat(image.height))
            .concatenating(CGAffineTransform(translationX: r.minX, y: r.minY))
        let rectToDevice = transform.concatenating(ProjectiveTransform(state.ctm))
        let imageToDevice = ProjectiveTransform(imageToRect).concatenating(rectToDevice)
        guard let deviceToImage = imageToDevice.inverted else { return }
        let outline = rectToDevice.visiblePolygon(of: r)
        guard outline.count >= 3 else { return }
        let area = CGMutablePath()
        area.addLines(between: outline)
        area.closeSubpath()
        let quality = state.interpolationQuality == .default ? .medium : state.interpolationQuality
        let shader = ProjectiveImageShader(image: image, deviceToImage: deviceToImage, outline: outline, quality: quality)
        render(coverage(ofDevicePath: area, rule: .winding), paint: .shader(shader))
    }

}

extension ProjectiveTransform {
    /// The outline of `rect` carried through the map: its corners clipped to w ≥ ε in
    /// homogeneous space first (Sutherland–Hodgman against the plane at the eye), then
    /// divided, so a rectangle passing the viewer keeps only its part in front.
    public func visiblePolygon(of rect: CGRect) -> [CGPoint] {
        visiblePolygon(ofPolygon: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                                   CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)])
    }

    /// `path` carried through the map as closed polygons: each subpath flattened within
    /// `tolerance` (in the path's own units), clipped at the eye as `visiblePolygon(of:)`
    /// clips, then divided. Lines stay lines under a projective map, so only the
    /// flattening of curves approximates.
    public func mapping(_ path: CGPath, tolerance: CGFloat) -> CGPath {
        let mapped = CGMutablePath()
        for polyline in path.polylines(tolerance: max(tolerance, 1e-6)) {
            let polygon = visiblePolygon(ofPolygon: polyline.points)
            guard polygon.count >= 3 else { continue }
            mapped.addLines(between: polygon)
            mapped.closeSubpath()
        }
        return mapped
    }

    private func visiblePolygon(ofPolygon points: [CGPoint]) -> [CGPoint] {
        let clipped = ConvexPolygon.clip(points.map(homogeneous)) { $0.z - 1e-6 }
        return clipped.compactMap { h in
            let p = CGPoint(x: h.x / h.z, y: h.y / h.z)
            return p.x.isFinite && p.y.isFinite ? p : nil
        }
    }
}
