import CFlipbookKernels

/// Samples an image through an affine map from device space to image pixels.
struct ImageShader: Shader {
    enum Filter { case nearest, bilinear }

    private let levels: [ImageStorage]
    private let maps: [CGAffineTransform]
    /// Weight of the second level when two are blended (trilinear).
    private let levelMix: UInt32
    private let filter: Filter
    private let tiled: Bool
    /// Whether every pixel of the image is opaque, and so every sample.
    private let opaque: Bool

    /// - Parameters:
    ///   - imageToDevice: maps image pixel coordinates (origin top-left) to device space.
    init(image: CGImage, imageToDevice: CGAffineTransform, quality: CGInterpolationQuality, tiled: Bool) {
        let deviceToImage = imageToDevice.inverted()
        self.tiled = tiled
        opaque = image.isOpaque
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

    /// Samples of an opaque image are opaque wherever they fall: clamped and tiled images
    /// reach every pixel.
    func isOpaque(over region: IntRect) -> Bool { opaque }

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
        let rowU = u0 &+ Int64(x) &* du, rowV = v0 &+ Int64(x) &* dv
        func sample(_ range: Range<Int>) {
            for i in range {
                let u = rowU &+ Int64(i) &* du, v = rowV &+ Int64(i) &* dv
                let ix = Int(truncatingIfNeeded: u >> shift), iy = Int(truncatingIfNeeded: v >> shift)
                guard filter == .bilinear else {
                    output[i] = pixels[wrap(iy, h) * w + wrap(ix, w)]
                    continue
                }
                let wx = UInt32(truncatingIfNeeded: (u >> weightShift) & 0xFF)
                let wy = UInt32(truncatingIfNeeded: (v >> weightShift) & 0xFF)
                let x0 = wrap(ix, w), x1 = wrap(ix + 1, w), y0 = wrap(iy, h), y1 = wrap(iy + 1, h)
                let top = lerpPixel(pixels[y0 * w + x0], pixels[y0 * w + x1], wx)
                let bottom = lerpPixel(pixels[y1 * w + x0], pixels[y1 * w + x1], wx)
                output[i] = lerpPixel(top, bottom, wy)
            }
        }
        guard filter == .bilinear, !tiled, w > 1, h > 1, w * h <= 1 << 32 else { return sample(0..<count) }
        // Samples whose four pixels all lie in the image run in the vector kernel; being
        // affine in the column, they are one run, with the edge samples either side.
        let inside = Self.steps(from: rowU, by: du, below: Int64(w - 1) << shift, count: count)
            .clamped(to: Self.steps(from: rowV, by: dv, below: Int64(h - 1) << shift, count: count))
        sample(0..<inside.lowerBound)
        let first = Int64(inside.lowerBound)
        fb_bilinear_row(output + inside.lowerBound, pixels, w, rowU &+ first &* du, rowV &+ first &* dv, du, dv, inside.count)
        sample(inside.upperBound..<count)
    }

    /// The steps i in `0..<count` for which `start + i·step` lies in `0..<limit` (limit > 0).
    static func steps(from start: Int64, by step: Int64, below limit: Int64, count: Int) -> Range<Int> {
        let lower: Int64, upper: Int64
        if step > 0 {
            lower = ceilingDivision(-start, step)
            upper = ceilingDivision(limit - start, step)
        } else if step < 0 {
            lower = floorDivision(start - limit, -step) + 1
            upper = floorDivision(start, -step) + 1
        } else {
            (lower, upper) = start >= 0 && start < limit ? (0, Int64(count)) : (0, 0)
        }
        let low = Int(min(max(lower, 0), Int64(count)))
        return low..<Int(min(max(upper, Int64(low)), Int64(count)))
    }

    /// ⌊n / d⌋ for d > 0.
    private static func floorDivision(_ n: Int64, _ d: Int64) -> Int64 { n >= 0 ? n / d : -((-n + d - 1) / d) }

    /// ⌈n / d⌉ for d > 0.
    private static func ceilingDivision(_ n: Int64, _ d: Int64) -> Int64 { -floorDivision(-n, d) }

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
