import FlipbookGraphics
@testable import FlipbookMedia
import Testing

/// The pieces GIF palettes are made of: exact colour counts, the nearest-entry search, the
/// quantizer and the canvas-aware frame encoder.
@Suite struct PaletteTests {
    /// Counts survive the table's growth: 5,000 distinct colours, colour i counted i % 7 + 1
    /// times, in two rounds.
    @Test func histogramCountsEveryColour() {
        var histogram = ColorHistogram()
        for round in 0..<2 {
            for i in 0..<5_000 { histogram.add(UInt32(i * 3_301), count: Int64(i % 7 + 1) * Int64(round + 1)) }
        }
        #expect(histogram.count == 5_000)
        let counts = Dictionary(uniqueKeysWithValues: histogram.entries.map { ($0.color, $0.count) })
        #expect(counts.count == 5_000)
        #expect((0..<5_000).allSatisfy { counts[UInt32($0 * 3_301)] == Int64($0 % 7 + 1) * 3 })
    }

    /// The pruned search answers exactly what a scan of every entry answers (the lowest
    /// index among equally near entries), for random palettes of 1 to 256 colours and for
    /// palettes with repeated entries.
    @Test func nearestMatchesAFullScan() {
        var random = SeededRandom(seed: 9)
        func colour() -> SIMD3<Int32> {
            SIMD3(Int32(random.next() % 256), Int32(random.next() % 256), Int32(random.next() % 256))
        }
        for size in [1, 2, 7, 64, 256] {
            var palette = (0..<size).map { _ in colour() }
            if size > 2 { palette[size - 1] = palette[0] }
            let search = NearestColorSearch(palette)
            for _ in 0..<2_000 {
                let c = colour()
                let distances = palette.map { (($0 &- c) &* ($0 &- c)).wrappedSum() }
                let expected = distances.firstIndex(of: distances.min()!)!
                #expect(search.nearest(to: c) == expected)
            }
        }
    }

    /// Few colours come back exactly, sorted; many are cut to the limit, each counted
    /// colour within a small distance of its nearest entry.
    @Test func quantizerKeepsFewColoursAndBoundsTheError() {
        var few = ColorQuantizer()
        for c in [SIMD3<Int32>(200, 10, 10), SIMD3(0, 0, 255), SIMD3(200, 10, 10)] { few.add(c) }
        let exact = few.palette(maximumColors: 256)
        #expect(exact.isExact)
        #expect(exact.colors == [SIMD3(0, 0, 255), SIMD3(200, 10, 10)])

        // 1,024 colours along a diagonal through the cube, plus noise off it.
        var many = ColorQuantizer()
        var colours: [SIMD3<Int32>] = []
        for i in 0..<1_024 {
            let t = Int32(i / 4)
            let c = SIMD3(t, 255 - t, Int32(i % 4) * 20)
            colours.append(c)
            many.add(c, count: Int64(i % 3 + 1))
        }
        let palette = many.palette(maximumColors: 255)
        #expect(!palette.isExact)
        #expect(palette.colors.count == 255)
        let search = NearestColorSearch(palette.colors)
        let worst = colours.map { c in
            let d = c &- palette.colors[search.nearest(to: c)]
            return (d &* d).wrappedSum()
        }.max()!
        #expect(worst <= 3 * 3 * 3, "largest squared distance \(worst)")
        #expect(many.squaredError(of: palette.colors) < many.squaredError(of: [SIMD3(128, 128, 40)]) / 1_000)
        #expect(many.palette(maximumColors: 255).colors == palette.colors)
    }

    /// A changed pixel the canvas already shows as well as the palette could stays
    /// transparent: here every pixel moves from (10, 10, 10) to (12, 12, 12), both nearest
    /// black, so the frame changes nothing visible; a move to (250, 250, 250) draws white.
    @Test func encoderLeavesPixelsTheCanvasAlreadyShows() {
        var encoder = GIFFrameEncoder(width: 4, height: 2, dithering: true)
        let palette: [SIMD3<Int32>] = [.zero, SIMD3(repeating: 255)]
        let grey = { (level: UInt32) in [UInt32](repeating: 0xFF00_0000 | level << 16 | level << 8 | level, count: 8) }
        let first = grey(10), second = grey(12), third = grey(250)
        let whole = first.withUnsafeBufferPointer { encoder.encode($0, over: nil, global: palette, palette: .shared) }
        guard case .image(let image) = whole else { Issue.record("the first frame draws a block"); return }
        #expect(image.width == 4 && image.height == 2)
        let same = second.withUnsafeBufferPointer { now in
            first.withUnsafeBufferPointer { encoder.encode(now, over: $0, global: palette, palette: .shared) }
        }
        guard case .unchanged = same else { Issue.record("(12, 12, 12) over black changes nothing visible"); return }
        let white = third.withUnsafeBufferPointer { now in
            second.withUnsafeBufferPointer { encoder.encode(now, over: $0, global: palette, palette: .shared) }
        }
        guard case .image(let drawn) = white else { Issue.record("white must be drawn"); return }
        #expect(drawn.localPalette == nil)
        #expect(drawn.transparentIndex == 2)
    }
}
