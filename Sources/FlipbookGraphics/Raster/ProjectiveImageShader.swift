/// Samples an image through a projective map from device space to image pixels:
/// perspective-correct, bilinear, the edge pixels repeated outside the image (coverage
/// decides where the image ends). Minified images sample the mipmap level that suits the
/// map at `reference`, the device point where the drawing is densest to look at.
struct ProjectiveImageShader: Shader {
    private let storage: ImageStorage
    /// Device pixel centre (x, y, 1) to (u·w, v·w, w) in `storage` pixels.
    private let map: ProjectiveTransform
    private let interpolate: Bool

    init(image: CGImage, deviceToImage: ProjectiveTransform, reference: CGPoint, quality: CGInterpolationQuality) {
        interpolate = image.shouldInterpolate && quality != .none
        var level = 0
        if interpolate, quality != .low {
            // Image pixels per device pixel around `reference`: the Jacobian's area scale.
            let h = deviceToImage.homogeneous(reference)
            let w = h.z
            if w != 0 {
                let u = h.x / w, v = h.y / w
                let dudx = (deviceToImage.m11 - u * deviceToImage.m13) / w, dvdx = (deviceToImage.m12 - v * deviceToImage.m13) / w
                let dudy = (deviceToImage.m21 - u * deviceToImage.m23) / w, dvdy = (deviceToImage.m22 - v * deviceToImage.m23) / w
                let scale = abs(dudx * dvdy - dudy * dvdx).squareRoot()
                if scale > 1, scale.isFinite { level = min(Int(log2(scale).rounded()), 16) }
            }
        }
        storage = image.storage.level(level)
        map = deviceToImage.concatenating(ProjectiveTransform(
            CGAffineTransform(scaleX: CGFloat(storage.width) / CGFloat(image.width),
                              y: CGFloat(storage.height) / CGFloat(image.height))))
    }

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        let w = storage.width, h = storage.height
        let pixels = storage.pixels
        let centre = interpolate ? 0.5 : 0
        let rowY = Double(y) + 0.5
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            let q = px * map.m13 + rowY * map.m23 + map.m33
            guard q > 0 else {
                output[i] = 0
                coverage[i] = 0
                continue
            }
            let u = (px * map.m11 + rowY * map.m21 + map.m31) / q - centre
            let v = (px * map.m12 + rowY * map.m22 + map.m32) / q - centre
            guard u.isFinite, v.isFinite else {
                output[i] = 0
                coverage[i] = 0
                continue
            }
            let fu = u.rounded(.down), fv = v.rounded(.down)
            let ix = clampIndex(fu, w), iy = clampIndex(fv, h)
            guard interpolate else {
                output[i] = pixels[iy * w + ix]
                continue
            }
            let ix1 = clampIndex(fu + 1, w), iy1 = clampIndex(fv + 1, h)
            let wx = UInt32(((u - fu) * 256).rounded(.down)), wy = UInt32(((v - fv) * 256).rounded(.down))
            let top = lerpPixel(pixels[iy * w + ix], pixels[iy * w + ix1], min(wx, 255))
            let bottom = lerpPixel(pixels[iy1 * w + ix], pixels[iy1 * w + ix1], min(wx, 255))
            output[i] = lerpPixel(top, bottom, min(wy, 255))
        }
    }

    @inline(__always)
    private func clampIndex(_ value: Double, _ n: Int) -> Int {
        value <= 0 ? 0 : (value >= Double(n - 1) ? n - 1 : Int(value))
    }
}
