/// Chooses up to 256 colours to represent many: the exact colours when there are few
/// enough; otherwise the exact colours are cut into boxes (each time the box with the
/// largest squared error, at the plane that leaves the least error on either side) and the
/// boxes' means are refined by k-means. Deterministic: the same pixels give the same palette.
struct ColorQuantizer {
    private var histogram = ColorHistogram()

    /// Counts the straight colour of a premultiplied RGBA word with alpha ≥ 128.
    mutating func add(premultiplied pixel: UInt32) {
        add(GIFFrameEncoder.straight(pixel))
    }

    /// Counts `count` pixels of one straight (not premultiplied) colour.
    mutating func add(_ colour: SIMD3<Int32>, count: Int64 = 1) {
        histogram.add(Self.key(colour), count: count)
    }

    /// The palette: at most `maximumColors` colours, and whether they are exactly the
    /// colours counted (so that mapping needs no dithering).
    func palette(maximumColors: Int) -> (colors: [SIMD3<Int32>], isExact: Bool) {
        let (colors, isExact) = weightedPalette(maximumColors: maximumColors)
        return (colors.map(\.color), isExact)
    }

    /// The palette with how many of the counted pixels each colour stands for.
    func weightedPalette(maximumColors: Int) -> (colors: [WeightedColor], isExact: Bool) {
        let counted = histogram.entries.map { WeightedColor(color: Self.rgb($0.color), count: $0.count) }
        if counted.count <= maximumColors {
            return (counted.sorted { Self.key($0.color) < Self.key($1.color) }, true)
        }
        var entries = counted
        var boxes = [Box(entries, 0..<entries.count)]
        while boxes.count < maximumColors {
            guard let index = boxes.indices.filter({ boxes[$0].range.count > 1 }).max(by: { boxes[$0].error < boxes[$1].error }),
                  boxes[index].error > 0 else { break }
            let (low, high) = boxes[index].split(&entries)
            boxes[index] = low
            boxes.append(high)
        }
        return (Self.refine(boxes.map(\.mean), over: entries, passes: 3), false)
    }

    /// The squared error (summed over channels and pixels) of showing every counted pixel
    /// in its nearest entry of `colors`; 0 when they are all in it.
    func squaredError(of colors: [SIMD3<Int32>]) -> Double {
        let search = NearestColorSearch(colors)
        var total = 0.0
        for (key, count) in histogram.entries {
            let colour = Self.rgb(key)
            let d = colour &- colors[search.nearest(to: colour)]
            total += Double((d &* d).wrappedSum()) * Double(count)
        }
        return total
    }

    /// A colour with channels in 0…255 as 0xRRGGBB.
    static func key(_ colour: SIMD3<Int32>) -> UInt32 { UInt32(colour.x << 16 | colour.y << 8 | colour.z) }

    /// The colour of 0xRRGGBB (bits above them are ignored).
    static func rgb(_ key: UInt32) -> SIMD3<Int32> {
        SIMD3(Int32(key >> 16 & 0xFF), Int32(key >> 8 & 0xFF), Int32(key & 0xFF))
    }

    /// K-means passes: every colour joins its nearest centre, centres move to their means;
    /// the centres, rounded, with the pixels that joined each in the last pass.
    private static func refine(_ centres: [SIMD3<Double>], over entries: [WeightedColor], passes: Int) -> [WeightedColor] {
        var colors = centres.map { WeightedColor(color: rounded($0), count: 0) }
        for _ in 0..<passes {
            let search = NearestColorSearch(colors.map(\.color))
            var sums = [SIMD3<Double>](repeating: .zero, count: colors.count)
            var counts = [Int64](repeating: 0, count: colors.count)
            for entry in entries {
                let best = search.nearest(to: entry.color)
                sums[best] += SIMD3(Double(entry.color.x), Double(entry.color.y), Double(entry.color.z)) * Double(entry.count)
                counts[best] += entry.count
            }
            colors = colors.indices.map {
                WeightedColor(color: counts[$0] > 0 ? rounded(sums[$0] / Double(counts[$0])) : colors[$0].color, count: counts[$0])
            }
        }
        return colors
    }

    private static func rounded(_ colour: SIMD3<Double>) -> SIMD3<Int32> {
        SIMD3(Int32(colour.x.rounded()), Int32(colour.y.rounded()), Int32(colour.z.rounded()))
    }


    /// One distinct colour and how many pixels have it.
    struct WeightedColor {
        var color: SIMD3<Int32>
        var count: Int64
    }

    /// A run of the entries, cut in two until there are enough boxes.
    private struct Box {
        let range: Range<Int>
        let mean: SIMD3<Double>
        /// The sum of squared distances from the mean, over all pixels.
        let error: Double

        init(_ entries: [WeightedColor], _ range: Range<Int>) {
            self.range = range
            var moments = Moments()
            for entry in entries[range] { moments.add(entry) }
            mean = moments.mean
            error = moments.error
        }

        /// The two boxes either side of the axis-aligned plane that leaves the least
        /// squared error, found from per-level moments along each channel.
        func split(_ entries: inout [WeightedColor]) -> (Box, Box) {
            var best = (axis: 0, level: Int32(0), error: Double.infinity)
            for axis in 0..<3 {
                var levels = [Moments](repeating: Moments(), count: 256)
                for entry in entries[range] { levels[Int(entry.color[axis])].add(entry) }
                let total = levels.reduce(into: Moments()) { $0.merge($1) }
                var below = Moments()
                for level in 0..<255 where levels[level].count > 0 {
                    below.merge(levels[level])
                    guard below.count < total.count else { break }
                    let error = below.error + below.complement(in: total).error
                    if error < best.error { best = (axis, Int32(level), error) }
                }
            }
            // Entries at or below the plane first.
            var low = range.lowerBound, high = range.upperBound - 1
            while low <= high {
                if entries[low].color[best.axis] <= best.level { low += 1 } else { entries.swapAt(low, high); high -= 1 }
            }
            return (Box(entries, range.lowerBound..<low), Box(entries, low..<range.upperBound))
        }
    }

    /// The count, sums and sum of squares of some weighted colours.
    private struct Moments {
        var count: Int64 = 0
        var sum = SIMD3<Int64>.zero
        var squares: Int64 = 0

        mutating func add(_ entry: WeightedColor) {
            let c = SIMD3<Int64>(truncatingIfNeeded: entry.color)
            count += entry.count
            sum &+= c &* entry.count
            squares &+= (c &* c).wrappedSum() &* entry.count
        }

        mutating func merge(_ other: Moments) {
            count += other.count
            sum &+= other.sum
            squares &+= other.squares
        }

        func complement(in total: Moments) -> Moments {
            Moments(count: total.count - count, sum: total.sum &- sum, squares: total.squares &- squares)
        }

        var mean: SIMD3<Double> {
            SIMD3(Double(sum.x), Double(sum.y), Double(sum.z)) / Double(max(count, 1))
        }

        /// Σ count·|colour − mean|².
        var error: Double {
            guard count > 0 else { return 0 }
            let s = SIMD3(Double(sum.x), Double(sum.y), Double(sum.z))
            return Double(squares) - (s * s).sum() / Double(count)
        }
    }
}
