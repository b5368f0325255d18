/// Samples an image through a projective map from device space to image pixels:
/// perspective-correct, bilinear, the edge pixels repeated outside the image (coverage
/// decides where the image ends). A minified image samples the mipmap level that suits
/// the least minified of `outline`'s points (the part nearest the viewer), so the near
/// part stays sharp.
struct ProjectiveImageShader: Shader {
    private let storage: ImageStorage
    /// Device pixel centre (x, y, 1) to (u·w, v·w, w) in `storage` pixels.
    private let map: ProjectiveTransform
    private let interpolate: Bool

    init(image: CGImage, deviceToImage: ProjectiveTransform, outline: [CGPoint], quality: CGInterpolationQuality) {
        interpolate = image.shouldInterpolate && quality != .none
        let minification = outline.map { Self.minification(of: deviceToImage, at: $0) }.min() ?? 1
        let level = ImageStorage.mipmapLevel(minification: minification, quality: quality, interpolate: interpolate).level
        storage = image.storage.level(level)
        map = deviceToImage.concatenating(ProjectiveTransform(
            CGAffineTransform(scaleX: CGFloat(storage.width) / CGFloat(image.width),
                              y: CGFloat(storage.height) / CGFloat(image.height))))
    }

    /// Image pixels per device pixel at `point`: the square root of the map's Jacobian
    /// determinant there (infinite where the point maps to infinity).
    private static func minification(of map: ProjectiveTransform, at point: CGPoint) -> Double {
        let h = map.homogeneous(point)
        guard h.z != 0 else { return .infinity }
        let u = h.x / h.z, v = h.y / h.z
        let dudx = (map.m11 - u * map.m13) / h.z, dvdx = (map.m12 - v * map.m13) / h.z
        let dudy = (map.m21 - u * map.m23) / h.z, dvdy = (map.m22 - v * map.m23) / h.z
        return abs(dudx * dvdy - dudy * dvdx).squareRoot()
    }

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        let w = storage.width, h = storage.height
        let pixels = storage.pixels
        let centre = interpolate ? 0.5 : 0
        let rowY = Double(y) + 0.5
        let qRow = rowY * map.m23 + map.m33, uRow = rowY * map.m21 + map.m31, vRow = rowY * map.m22 + map.m32
        // Outside the image the edge pixels repeat, so positions beyond one pixel past an
        // edge sample the same colours: clamping there first keeps the integer conversion
        // in range.
        let uMax = Double(w), vMax = Double(h)
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            let q = px * map.m13 + qRow
            let r = 1 / q
            let u = (px * map.m11 + uRow) * r - centre
            let v = (px * map.m12 + vRow) * r - centre
            guard q > 0, u.isFinite, v.isFinite else {
                output[i] = 0
                coverage[i] = 0
                continue
            }
            let (ix, fu) = Self.split(min(max(u, -1), uMax)), (iy, fv) = Self.split(min(max(v, -1), vMax))
            let x0 = Self.clamp(ix, w), y0 = Self.clamp(iy, h)
            guard interpolate else {
                output[i] = pixels[y0 * w + x0]
                continue
            }
            // Weights out of 256 (exactly 256 only when rounding makes u − ⌊u⌋ = 1: all the next pixel).
            let x1 = Self.clamp(ix + 1, w), y1 = Self.clamp(iy + 1, h)
            let wx = UInt32(fu * 256), wy = UInt32(fv * 256)
            let top = lerpPixel(pixels[y0 * w + x0], pixels[y0 * w + x1], wx)
            let bottom = lerpPixel(pixels[y1 * w + x0], pixels[y1 * w + x1], wx)
            output[i] = lerpPixel(top, bottom, wy)
        }
    }

    /// ⌊value⌋ and the fraction above it, for a value well inside Int's range (without
    /// the library call `rounded(.down)` is on baseline x86-64).
    @inline(__always)
    private static func split(_ value: Double) -> (Int, Double) {
        var i = Int(value)
        if Double(i) > value { i -= 1 }
        return (i, value - Double(i))
    }

    @inline(__always)
    private static func clamp(_ i: Int, _ n: Int) -> Int { i <= 0 ? 0 : (i >= n - 1 ? n - 1 : i) }
}
