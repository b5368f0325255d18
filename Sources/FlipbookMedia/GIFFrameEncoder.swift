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
/// emitted frame, cropped to the pixels that changed. A changed pixel is left transparent
/// (so the canvas keeps its colour) whenever the colour the canvas already shows there is
/// at least as close as the nearest palette entry, which keeps unchanged-looking areas as
/// long transparent runs. Error-diffusion dithering (Floyd–Steinberg, serpentine) runs
/// over the changed pixels only, so noise never crawls over still areas. Pixels with alpha
/// under 128 are transparent; others are shown opaque in their straight colour.
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
    /// What the canvas shows after the blocks encoded so far: 0xFFRRGGBB, or 0 where it
    /// is transparent.
    private var canvas: [UInt32]

    init(width: Int, height: Int, dithering: Bool) {
        self.width = width
        self.height = height
        self.dithering = dithering
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// The pixels of a frame that differ from the frame the canvas shows.
    struct Changes {
        /// The rectangle around them.
        var bounds: GIFImage
        /// Whether some pixel in the rectangle is left as the canvas shows it.
        var keepsPixels = false
        /// Their colours (left empty when not asked for).
        var colors = ColorQuantizer()
    }

    /// The changes a block draws, or why there is no block: `.unchanged` or `.needsClear`.
    enum Scan {
        case changes(Changes)
        case noBlock(Change)
    }

    /// What changed from `previous` (a cleared canvas when `nil`) to `pixels`.
    func changes(of pixels: UnsafeBufferPointer<UInt32>, over previous: UnsafeBufferPointer<UInt32>?,
                 countingColors: Bool) -> Scan {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                let pixel = pixels[row + x]
                let old = previous?[row + x]
                if pixel == old { continue }
                if pixel >> 31 == 0 {
                    if let old, old >> 31 != 0 { return .noBlock(.needsClear) }
                    continue
                }
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return .noBlock(.unchanged) }
        var changes = Changes(bounds: GIFImage(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
        for y in minY...maxY {
            for x in minX...maxX {
                let index = y * width + x
                guard Self.isDrawn(index, pixels, over: previous) else { changes.keepsPixels = true; continue }
                if countingColors { changes.colors.add(premultiplied: pixels[index]) }
            }
        }
        return .changes(changes)
    }

    /// Whether pixel `index` is opaque enough to draw and differs from `previous`.
    private static func isDrawn(_ index: Int, _ pixels: UnsafeBufferPointer<UInt32>,
                                over previous: UnsafeBufferPointer<UInt32>?) -> Bool {
        let pixel = pixels[index]
        return pixel >> 31 != 0 && pixel != previous?[index]
    }

    /// The block for `pixels` (premultiplied RGBA words), drawn over the canvas left by the
    /// blocks before, which shows `previous`; with `previous` `nil` the block is drawn on a
    /// cleared canvas. `global` (at most 255 colours, the global table, whose index
    /// `global.count` is transparent) is used when `palette` is `.shared`, and under
    /// `.adaptive` unless the changed pixels' own palette is worth its table.
    mutating func encode(_ pixels: UnsafeBufferPointer<UInt32>, over previous: UnsafeBufferPointer<UInt32>?,
                         global: [SIMD3<Int32>]? = nil, palette: GIFSink.Palette = .perFrame) -> Change {
        let shared = palette == .shared ? global : nil
        let changes: Changes
        switch self.changes(of: pixels, over: previous, countingColors: shared == nil) {
        case .changes(let found): changes = found
        case .noBlock(let outcome): return outcome
        }
        if previous == nil { canvas.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        var image = changes.bounds
        var needsTransparency = shared != nil || previous != nil || changes.keepsPixels
        var colors: [SIMD3<Int32>], exact = false, usesGlobal = shared != nil
        if let shared {
            colors = shared
        } else {
            let quantizer = changes.colors
            (colors, exact) = quantizer.palette(maximumColors: needsTransparency ? 255 : 256)
            if palette == .adaptive, let global,
               !Self.isWorthOwnTable(globalError: quantizer.squaredError(of: global),
                                     ownError: exact ? 0 : quantizer.squaredError(of: colors)) {
                (colors, exact, usesGlobal) = (global, false, true)
                needsTransparency = true
            }
        }
        var mapper = PaletteMapper(colors: colors)
        let transparent = colors.count
        if needsTransparency { image.transparentIndex = transparent }

        guard let indices = mapIndices(pixels, over: previous, image: image, mapper: &mapper,
                                       transparent: UInt8(truncatingIfNeeded: transparent), diffuse: dithering && !exact)
        else { return .unchanged }
        let table = Self.colorTable(colors, withTransparency: needsTransparency)
        if !usesGlobal { image.localPalette = table }
        image.data = indices.withUnsafeBufferPointer { lzw.encode($0, minimumCodeSize: max(2, Self.bits(for: table.count))) }
        return .image(image)
    }

    /// Whether a frame's own palette saves enough error to be worth its local table (up to
    /// 768 bytes, and colours that differ from the canvas's, so fewer pixels can be left
    /// transparent): when it removes more than 40,000 units of squared error, about one
    /// level in every channel of 13,000 pixels.
    static func isWorthOwnTable(globalError: Double, ownError: Double) -> Bool {
        globalError - ownError > 40_000
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

    /// Palette indices of the block's rectangle, row by row, with the canvas updated to
    /// match; `nil` when every drawn pixel keeps the canvas's colour. Error diffusion
    /// alternates direction every row and neither takes error from nor gives it to kept
    /// pixels.
    private mutating func mapIndices(_ pixels: UnsafeBufferPointer<UInt32>, over previous: UnsafeBufferPointer<UInt32>?, image: GIFImage,
                                     mapper: inout PaletteMapper, transparent: UInt8, diffuse: Bool) -> [UInt8]? {
        let w = image.width
        var indices = [UInt8](repeating: transparent, count: w * image.height)
        var anyDrawn = false
        // Errors in sixteenths, with a one-pixel margin on both sides.
        var current = [SIMD3<Int32>](repeating: .zero, count: w + 2)
        var next = current
        for row in 0..<image.height {
            let y = image.y + row
            let forward = row % 2 == 0
            for step in 0..<w {
                let column = forward ? step : w - 1 - step
                let source = y * width + image.x + column
                guard Self.isDrawn(source, pixels, over: previous) else { continue }
                var colour = Self.straight(pixels[source])
                if diffuse {
                    colour = (colour &+ current[column + 1] / 16).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
                }
                let entry = mapper.index(colour.x, colour.y, colour.z)
                var shown = mapper.colors[entry]
                let kept = canvas[source], keptColour = ColorQuantizer.rgb(kept)
                if kept != 0 && Self.distance(colour, keptColour) <= Self.distance(colour, shown) {
                    shown = keptColour
                } else {
                    indices[row * w + column] = UInt8(entry)
                    canvas[source] = 0xFF00_0000 | ColorQuantizer.key(shown)
                    anyDrawn = true
                }
                guard diffuse else { continue }
                var error = colour &- shown
                error.replace(with: SIMD3<Int32>.zero, where: error &* error .<= SIMD3(repeating: Self.unditheredError * Self.unditheredError))
                let ahead = forward ? column + 2 : column, behind = forward ? column : column + 2
                current[ahead] &+= error &* 7
                next[behind] &+= error &* 3
                next[column + 1] &+= error &* 5
                next[ahead] &+= error
            }
            swap(&current, &next)
            for i in next.indices { next[i] = .zero }
        }
        return anyDrawn ? indices : nil
    }

    /// The largest error per channel that is not diffused: a palette within 4 levels (under
    /// 2% of the range) already looks smooth, and diffusing such errors only adds grain
    /// that costs bytes and fidelity. Larger errors, where banding would show, are
    /// diffused. (ffmpeg's integer error shifts drop small errors the same way.)
    static let unditheredError: Int32 = 4

    private static func distance(_ a: SIMD3<Int32>, _ b: SIMD3<Int32>) -> Int32 {
        let d = a &- b
        return (d &* d).wrappedSum()
    }
}
