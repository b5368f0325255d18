/// A source pixel layout and its conversion to premultiplied RGBA8.
struct PixelLayout {
    enum Order { case rgba, bgra, argb, abgr, rgb, gray, grayAlpha, alphaOnly }
    enum Alpha { case none, premultiplied, straight, skip }
    var order: Order
    var alpha: Alpha

    var bytesPerPixel: Int {
        switch order {
        case .rgba, .bgra, .argb, .abgr: return 4
        case .rgb: return 3
        case .gray, .alphaOnly: return 1
        case .grayAlpha: return 2
        }
    }
    var isOpaque: Bool { alpha == .none || alpha == .skip }
    var isGray: Bool { order == .gray || order == .grayAlpha }

    init(order: Order, alpha: Alpha) {
        self.order = order
        self.alpha = alpha
    }

    /// The layout Core Graphics' parameters describe, or `nil` if Flipbook does not read it.
    init?(bitsPerComponent: Int, bitsPerPixel: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents),
              let info = bitmapInfo.alphaInfo else { return nil }
        let little = bitmapInfo.intersection(.byteOrderMask) == .byteOrder32Little
        switch (bitsPerPixel, space.model) {
        case (32, .rgb):
            let alpha: Alpha
            let alphaFirst: Bool
            switch info {
            case .premultipliedLast: (alpha, alphaFirst) = (.premultiplied, false)
            case .premultipliedFirst: (alpha, alphaFirst) = (.premultiplied, true)
            case .last: (alpha, alphaFirst) = (.straight, false)
            case .first: (alpha, alphaFirst) = (.straight, true)
            case .noneSkipLast: (alpha, alphaFirst) = (.skip, false)
            case .noneSkipFirst: (alpha, alphaFirst) = (.skip, true)
            default: return nil
            }
            // In little-endian 32-bit order the bytes of ARGB are B, G, R, A.
            switch (alphaFirst, little) {
            case (false, false): self.init(order: .rgba, alpha: alpha)
            case (true, false): self.init(order: .argb, alpha: alpha)
            case (true, true): self.init(order: .bgra, alpha: alpha)
            case (false, true): self.init(order: .abgr, alpha: alpha)
            }
        case (24, .rgb) where info == .none: self.init(order: .rgb, alpha: .none)
        case (8, .monochrome) where info == .none: self.init(order: .gray, alpha: .none)
        case (8, _) where info == .alphaOnly: self.init(order: .alphaOnly, alpha: .straight)
        case (16, .monochrome) where info == .last: self.init(order: .grayAlpha, alpha: .straight)
        case (16, .monochrome) where info == .premultipliedLast: self.init(order: .grayAlpha, alpha: .premultiplied)
        default: return nil
        }
    }

    func makeStorage(data: Data, width: Int, height: Int, bytesPerRow: Int) throws(GraphicsError) -> ImageStorage {
        try GraphicsLimits.check(width: width, height: height)
        guard bytesPerRow >= width * bytesPerPixel else {
            throw .unsupportedFormat("bytesPerRow \(bytesPerRow) is less than width × \(bytesPerPixel)")
        }
        let needed = bytesPerRow * (height - 1) + width * bytesPerPixel
        guard data.count >= needed else { throw .pixelDataTooShort(needed: needed, got: data.count) }
        let out = try PixelMemory.allocate(bytes: width * height * 4, zeroed: false).assumingMemoryBound(to: PackedPixel.self)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress!
            for y in 0..<height {
                let row = bytes + y * bytesPerRow
                for x in 0..<width {
                    out[y * width + x] = convert(row + x * bytesPerPixel)
                }
            }
        }
        return ImageStorage(width: width, height: height, adopting: out)
    }

    @inline(__always)
    private func convert(_ p: UnsafePointer<UInt8>) -> PackedPixel {
        var r: UInt8, g: UInt8, b: UInt8, a: UInt8
        switch order {
        case .rgba: (r, g, b, a) = (p[0], p[1], p[2], p[3])
        case .bgra: (r, g, b, a) = (p[2], p[1], p[0], p[3])
        case .argb: (r, g, b, a) = (p[1], p[2], p[3], p[0])
        case .abgr: (r, g, b, a) = (p[3], p[2], p[1], p[0])
        case .rgb: (r, g, b, a) = (p[0], p[1], p[2], 255)
        case .gray: (r, g, b, a) = (p[0], p[0], p[0], 255)
        case .grayAlpha: (r, g, b, a) = (p[0], p[0], p[0], p[1])
        case .alphaOnly: (r, g, b, a) = (0, 0, 0, p[0])
        }
        switch alpha {
        case .none, .skip: a = 255
        case .straight:
            let a32 = UInt32(a)
            r = UInt8(mul255(UInt32(r), a32)); g = UInt8(mul255(UInt32(g), a32)); b = UInt8(mul255(UInt32(b), a32))
        case .premultiplied:
            r = min(r, a); g = min(g, a); b = min(b, a)
        }
        return PremultipliedColor(r: r, g: g, b: b, a: a).packed
    }
}
