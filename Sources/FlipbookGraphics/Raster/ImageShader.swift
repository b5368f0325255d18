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
        let minification = det.squareRoot()
        var level = 0.0, mix = 0.0
        if interpolate, quality != .low, minification > 1, minification.isFinite {
            let exact = log2(Double(minification))
            level = quality == .high ? exact.rounded(.down) : exact.rounded()
            mix = quality == .high ? exact - level : 0
        }
        let base = Int(min(level, 16))
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

    private func shadeLevel(_ index: Int, y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>) {
        let storage = levels[index]
        let map = maps[index]
        // Each sample is computed from its absolute column, so a pixel's colour never depends
        // on where the run that contains it starts.
        let rowU = Double(map.c) * (Double(y) + 0.5) + Double(map.tx)
        let rowV = Double(map.d) * (Double(y) + 0.5) + Double(map.ty)
        let w = storage.width, h = storage.height
        let pixels = storage.pixels
        let du = Double(map.a), dv = Double(map.b)
        switch filter {
        case .nearest:
            for i in 0..<count {
                let column = Double(x + i) + 0.5
                let u = rowU + du * column, v = rowV + dv * column
                let ix = wrap(Int(u.rounded(.down)), w), iy = wrap(Int(v.rounded(.down)), h)
                output[i] = pixels[iy * w + ix]
            }
        case .bilinear:
            for i in 0..<count {
                let column = Double(x + i) + 0.5
                let fu = rowU + du * column - 0.5, fv = rowV + dv * column - 0.5
                let fx = fu.rounded(.down), fy = fv.rounded(.down)
                let wx = UInt32((fu - fx) * 256), wy = UInt32((fv - fy) * 256)
                let x0 = wrap(Int(fx), w), x1 = wrap(Int(fx) + 1, w)
                let y0 = wrap(Int(fy), h), y1 = wrap(Int(fy) + 1, h)
                let top = lerpPixel(pixels[y0 * w + x0], pixels[y0 * w + x1], wx)
                let bottom = lerpPixel(pixels[y1 * w + x0], pixels[y1 * w + x1], wx)
                output[i] = lerpPixel(top, bottom, wy)
            }
        }
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
