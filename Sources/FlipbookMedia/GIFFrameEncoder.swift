/// One GIF image block: a rectangle of palette indices over the canvas.
struct GIFImage {
    var x = 0, y = 0, width = 0, height = 0
    /// The local colour table, padded to a power of two; `nil` uses the global table.
    var localPalette: [SIMD3<Int32>]?
    /// The index that leaves the canvas pixel as it is.
    var transparentIndex: Int?
    /// LZW image data: the minimum code size, sub-blocks, terminator.
    var data: [UInt8] = []
    /// 1 leaves the image on the canvas; 2 clears its rectangle to transparent afterwards.
    var disposal = 1
}

/// Turns RGBA frames into GIF image blocks that draw only what changed since the last
/// emitted frame: pixels equal to it become transparent (so the canvas keeps them), and
/// the block is cropped to the pixels that changed. Error-diffusion dithering (Floyd–
/// Steinberg, serpentine) runs over the changed pixels only, so noise never crawls over
/// still areas. Pixels with alpha under 128 are transparent; others are shown opaque in
/// their straight colour.
struct GIFFrameEncoder {
    enum Change {
        /// Nothing visible changed.
        case unchanged
        /// A pixel the canvas shows turned transparent: only a cleared canvas can show it.
        case needsClear
        case image(GIFImage)
    }

    let width: Int
    let height: Int
    var dithering: Bool
    private var lzw = LZWEncoder()

    init(width: Int, height: Int, dithering: Bool) {
        self.width = width
        self.height = height
        self.dithering = dithering
    }

    /// The block for `pixels` (premultiplied RGBA words), drawn over a canvas that shows
    /// `previous` (or is transparent when `nil`). With `shared` (at most 255 colours, the
    /// global table), every colour maps to it and index `shared.count` is transparent.
    mutating func encode(_ pixels: UnsafeBufferPointer<UInt32>, over previous: UnsafeBufferPointer<UInt32>?,
                         shared: [SIMD3<Int32>]? = nil) -> Change {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                let pixel = pixels[row + x]
                let old = previous?[row + x]
                if pixel == old { continue }
                if pixel >> 31 == 0 {
                    if let old, old >> 31 != 0 { return .needsClear }
                    continue
                }
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return .unchanged }
        var image = GIFImage(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        let drawn = { (index: Int) -> Bool in
            let pixel = pixels[index]
            return pixel >> 31 != 0 && pixel != previous?[index]
        }

        var needsTransparency = shared != nil
        var quantizer = ColorQuantizer()
        for y in minY...maxY {
            for x in minX...maxX {
                let index = y * width + x
                guard drawn(index) else { needsTransparency = true; continue }
                if shared == nil { quantizer.add(premultiplied: pixels[index]) }
            }
        }
        var colors: [SIMD3<Int32>], exact = false
        if let shared {
            colors = shared
        } else {
            (colors, exact) = quantizer.palette(maximumColors: needsTransparency ? 255 : 256)
        }
        var mapper = PaletteMapper(colors: colors)
        let transparent = colors.count
        if needsTransparency { image.transparentIndex = transparent }

        let indices = mapIndices(pixels, image: image, drawn: drawn, mapper: &mapper,
                                 transparent: UInt8(truncatingIfNeeded: transparent), diffuse: dithering && !exact)
        let table = Self.colorTable(colors, withTransparency: needsTransparency)
        if shared == nil { image.localPalette = table }
        image.data = indices.withUnsafeBufferPointer { lzw.encode($0, minimumCodeSize: max(2, Self.bits(for: table.count))) }
        return .image(image)
    }

    /// A GIF colour table: `colors`, then the transparent entry if wanted, padded with
    /// black to a power of two of at least 2 entries.
    static func colorTable(_ colors: [SIMD3<Int32>], withTransparency: Bool) -> [SIMD3<Int32>] {
        let count = colors.count + (withTransparency ? 1 : 0)
        return colors + Array(repeating: .zero, count: (1 << bits(for: count)) - colors.count)
    }

    /// The table size exponent for `count` entries (1 to 8).
    static func bits(for count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }

    /// The straight colour of a premultiplied pixel with alpha ≥ 128.
    static func straight(_ pixel: UInt32) -> SIMD3<Int32> {
        let a = Int32(pixel >> 24)
        let c = SIMD3(Int32(pixel & 0xFF), Int32(pixel >> 8 & 0xFF), Int32(pixel >> 16 & 0xFF))
        return a == 255 ? c : (c &* 255 &+ a / 2) / a
    }

    /// Palette indices of the block's rectangle, row by row; error diffusion alternates
    /// direction every row and neither takes error from nor gives it to kept pixels.
    private func mapIndices(_ pixels: UnsafeBufferPointer<UInt32>, image: GIFImage, drawn: (Int) -> Bool,
                            mapper: inout PaletteMapper, transparent: UInt8, diffuse: Bool) -> [UInt8] {
        let w = image.width
        var indices = [UInt8](repeating: transparent, count: w * image.height)
        // Errors in sixteenths, with a one-pixel margin on both sides.
        var current = [SIMD3<Int32>](repeating: .zero, count: w + 2)
        var next = current
        for row in 0..<image.height {
            let y = image.y + row
            let forward = row % 2 == 0
            for step in 0..<w {
                let column = forward ? step : w - 1 - step
                let source = y * width + image.x + column
                guard drawn(source) else { continue }
                var colour = Self.straight(pixels[source])
                if diffuse {
                    colour = (colour &+ current[column + 1] / 16).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
                }
                let entry = mapper.index(colour.x, colour.y, colour.z)
                indices[row * w + column] = UInt8(entry)
                guard diffuse else { continue }
                let error = colour &- mapper.colors[entry]
                let ahead = forward ? column + 2 : column, behind = forward ? column : column + 2
                current[ahead] &+= error &* 7
                next[behind] &+= error &* 3
                next[column + 1] &+= error &* 5
                next[ahead] &+= error
            }
            swap(&current, &next)
            for i in next.indices { next[i] = .zero }
        }
        return indices
    }
}
