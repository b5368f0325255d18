/// Samples an image through an affine map from device space to image pixels.
struct ImageShader: Shader {
    enum Filter { case nearest, bilinear }

    private let levels: [ImageStorage]
    private let maps: [CGAffineTransform]
    /// Weight of the second level when two are blended (trilinear).
    private let levelMix: UInt32
    private let filter: Filter
    private let tiled: Bool

    /// - Parameters:
    ///   - imageToDevice: maps image pixel coordinates (origin top-left) to device space.
    init(image: CGImage, imageToDevice: CGAffineTransform, quality: CGInterpolationQuality, tiled: Bool) {
        let deviceToImage = imageToDevice.inverted()
        self.tiled = tiled
        let interpolate = image.shouldInterpolate && quality != .none
        filter = interpolate ? .bilinear : .nearest
        // Image pixels per device pixel; above 1 the image is minified.
        let det = abs(deviceToImage.a * deviceToImage.d - deviceToImage.b * deviceToImage.c)
        let (base, mix) = ImageStorage.mipmapLevel(minification: Double(det.squareRoot()), quality: quality,
                                                   interpolate: interpolate)
        var chosen = [image.storage.level(base)]
        if mix > 0.01 { chosen.append(image.storage.level(base + 1)) }
        levels = chosen
        maps = chosen.map { storage in
            deviceToImage.concatenating(CGAffineTransform(
                scaleX: CGFloat(storage.width) / CGFloat(image.width),
                y: CGFloat(storage.height) / CGFloat(image.height)))
        }
        levelMix = chosen.count > 1 ? UInt32((mix * 256).rounded()) : 0
    }

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        shadeLevel(0, y: y, x: x, count: count, into: output)
        guard levels.count > 1 else { return }
        let second = UnsafeMutablePointer<PackedPixel>.allocate(capacity: count)
        defer { second.deallocate() }
        shadeLevel(1, y: y, x: x, count: count, into: second)
        for i in 0..<count { output[i] = lerpPixel(output[i], second[i], levelMix) }
    }

    /// Fractional bits of the fixed-point sample positions.
    private static let fractionBits: Int64 = 20

    private func shadeLevel(_ index: Int, y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>) {
        let storage = levels[index]
        let map = maps[index]
        // Sample positions step in fixed point from the row's column 0, so a pixel's colour
        // never depends on where the run that contains it starts. Bilinear samples are
        // centred between the four pixels around them.
        let centre = filter == .bilinear ? 0.5 : 0
        let rowY = Double(y) + 0.5
        let u0 = Self.fixed(Double(map.c) * rowY + Double(map.tx) + Double(map.a) * 0.5 - centre)
        let v0 = Self.fixed(Double(map.d) * rowY + Double(map.ty) + Double(map.b) * 0.5 - centre)
        let du = Self.fixed(Double(map.a)), dv = Self.fixed(Double(map.b))
        let w = storage.width, h = storage.height
        let pixels = storage.pixels
        let shift = Self.fractionBits, weightShift = Self.fractionBits - 8
        for i in 0..<count {
            let column = Int64(x + i)
            let u = u0 &+ column &* du, v = v0 &+ column &* dv
            let ix = Int(truncatingIfNeeded: u >> shift), iy = Int(truncatingIfNeeded: v >> shift)
            guard filter == .bilinear else {
                output[i] = pixels[wrap(iy, h) * w + wrap(ix, w)]
                continue
            }
            let wx = UInt32(truncatingIfNeeded: (u >> weightShift) & 0xFF)
            let wy = UInt32(truncatingIfNeeded: (v >> weightShift) & 0xFF)
            let top: PackedPixel, bottom: PackedPixel
            if !tiled, ix >= 0, iy >= 0, ix < w - 1, iy < h - 1 {
                let p = pixels + iy * w + ix
                top = lerpPixel(p[0], p[1], wx)
                bottom = lerpPixel(p[w], p[w + 1], wx)
            } else {
                let x0 = wrap(ix, w), x1 = wrap(ix + 1, w), y0 = wrap(iy, h), y1 = wrap(iy + 1, h)
                top = lerpPixel(pixels[y0 * w + x0], pixels[y0 * w + x1], wx)
                bottom = lerpPixel(pixels[y1 * w + x0], pixels[y1 * w + x1], wx)
            }
            output[i] = lerpPixel(top, bottom, wy)
        }
    }

    /// `value` image pixels in fixed point, saturated far beyond any image (±2²¹ pixels) so
    /// stepping across a whole row cannot overflow; NaN becomes 0.
    private static func fixed(_ value: Double) -> Int64 {
        let limit = Double(1 << 41)
        let scaled = value * Double(1 << fractionBits)
        return scaled.isNaN ? 0 : Int64(min(max(scaled, -limit), limit).rounded())
    }

    @inline(__always)
    private func wrap(_ i: Int, _ n: Int) -> Int {
        if tiled { let m = i % n; return m < 0 ? m + n : m }
        return i < 0 ? 0 : (i >= n ? n - 1 : i)
    }
}

/// `a + (b − a)·w/256` on each channel.
@inline(__always)
func lerpPixel(_ a: PackedPixel, _ b: PackedPixel, _ w: UInt32) -> PackedPixel {
    if w == 0 { return a }
    let iw = 256 &- w
    let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
    let ga = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
    return rb | ga
}
