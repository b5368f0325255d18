/// Immutable premultiplied RGBA8 pixels, tightly packed, plus a lazily built pyramid of
/// 2×2 box-filtered levels for minification.
final class ImageStorage: @unchecked Sendable {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<PackedPixel>
    private let lock = NSLock()
    private var pyramid: [ImageStorage] = []

    /// Takes ownership of `pixels` (width·height packed pixels from `PixelMemory`).
    init(width: Int, height: Int, adopting pixels: UnsafeMutablePointer<PackedPixel>) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Allocates storage and lets `fill` write every pixel; throws when the memory cannot
    /// be had.
    convenience init(width: Int, height: Int, fill: (UnsafeMutablePointer<PackedPixel>) -> Void) throws(GraphicsError) {
        let p = try PixelMemory.allocate(bytes: width * height * 4, zeroed: false).assumingMemoryBound(to: PackedPixel.self)
        fill(p)
        self.init(width: width, height: height, adopting: p)
    }

    deinit { free(pixels) }

    /// The pyramid level to sample for `minification` image pixels per device pixel, and
    /// the weight of the next level for a trilinear blend: none when not interpolating or
    /// at `.low`; `.high` blends the two levels around the exact one, others take the
    /// nearest level.
    static func mipmapLevel(minification: Double, quality: CGInterpolationQuality,
                            interpolate: Bool) -> (level: Int, mix: Double) {
        guard interpolate, quality != .low, minification > 1, minification.isFinite else { return (0, 0) }
        let exact = log2(minification)
        let level = quality == .high ? exact.rounded(.down) : exact.rounded()
        return (Int(min(level, 16)), quality == .high ? exact - level : 0)
    }

    /// Level `n` of the pyramid: level 0 is this image, each next one half the size.
    func level(_ n: Int) -> ImageStorage {
        guard n > 0 else { return self }
        lock.lock()
        defer { lock.unlock() }
        while pyramid.count < n {
            let source = pyramid.last ?? self
            // Without memory for the next level, sampling uses the finest level there is.
            guard source.width > 1 || source.height > 1, let next = try? source.halved() else { break }
            pyramid.append(next)
        }
        return pyramid.isEmpty ? self : pyramid[min(n, pyramid.count) - 1]
    }

    private func halved() throws(GraphicsError) -> ImageStorage {
        let w = max(1, width / 2), h = max(1, height / 2)
        return try ImageStorage(width: w, height: h) { out in
            for y in 0..<h {
                let r0 = pixels + min(2 * y, height - 1) * width
                let r1 = pixels + min(2 * y + 1, height - 1) * width
                for x in 0..<w {
                    let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
                    out[y * w + x] = average4(r0[x0], r0[x1], r1[x0], r1[x1])
                }
            }
        }
    }
}

@inline(__always)
private func average4(_ a: PackedPixel, _ b: PackedPixel, _ c: PackedPixel, _ d: PackedPixel) -> PackedPixel {
    var result: PackedPixel = 0
    for shift in stride(from: PackedPixel(0), to: 32, by: 8) {
        let sum = (a >> shift & 0xFF) + (b >> shift & 0xFF) + (c >> shift & 0xFF) + (d >> shift & 0xFF)
        result |= ((sum + 2) / 4) << shift
    }
    return result
}
