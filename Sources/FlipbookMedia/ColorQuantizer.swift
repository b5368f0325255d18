/// Chooses up to 256 colours to represent many: the exact colours when there are few
/// enough, otherwise median cut over a 5-bit-per-channel histogram (splitting the box
/// with the largest squared error across its widest channel at the weighted median),
/// refined by one k-means pass. Deterministic: the same pixels give the same palette.
struct ColorQuantizer {
    /// One histogram bin: how many pixels fell in it and the sum of their colours.
    struct Bin {
        var count = 0
        var sum = SIMD3<Int>.zero
        var mean: SIMD3<Double> { SIMD3(Double(sum.x), Double(sum.y), Double(sum.z)) / Double(count) }
    }

    private var bins = [Bin](repeating: Bin(), count: 1 << 15)
    /// Distinct colours seen (0xRRGGBB), while there are at most 256 of them.
    private var exact = ExactColorSet()

    /// Counts the straight colour of a premultiplied RGBA word with alpha ≥ 128.
    mutating func add(premultiplied pixel: UInt32) {
        let c = GIFFrameEncoder.straight(pixel)
        add(Int(c.x), Int(c.y), Int(c.z))
    }

    /// Counts one straight (not premultiplied) colour.
    mutating func add(_ r: Int, _ g: Int, _ b: Int) {
        let index = (r >> 3) << 10 | (g >> 3) << 5 | b >> 3
        bins[index].count += 1
        bins[index].sum &+= SIMD3(r, g, b)
        exact.insert(UInt32(r << 16 | g << 8 | b))
    }

    /// The palette: at most `maximumColors` colours, and whether they are exactly the
    /// colours counted (so that mapping needs no dithering).
    func palette(maximumColors: Int) -> (colors: [SIMD3<Int32>], isExact: Bool) {
        if let colors = exact.colors, colors.count <= maximumColors {
            return (colors.sorted().map { SIMD3(Int32($0 >> 16), Int32($0 >> 8 & 0xFF), Int32($0 & 0xFF)) }, true)
        }
        let used = bins.filter { $0.count > 0 }
        var boxes = [Box(bins: used[...])]
        while boxes.count < maximumColors {
            guard let (index, _) = boxes.enumerated().filter({ $0.element.bins.count > 1 })
                .max(by: { $0.element.error < $1.element.error }) else { break }
            let (low, high) = boxes[index].split()
            boxes[index] = low
            boxes.append(high)
        }
        var centres = boxes.map(\.mean)
        centres = Self.refine(centres, over: used)
        let colors = centres.map { SIMD3<Int32>(Int32($0.x.rounded()), Int32($0.y.rounded()), Int32($0.z.rounded())) }
        return (colors, false)
    }

    /// One k-means pass: every bin joins its nearest centre, centres move to their means.
    private static func refine(_ centres: [SIMD3<Double>], over bins: [Bin]) -> [SIMD3<Double>] {
        var sums = [SIMD3<Double>](repeating: .zero, count: centres.count)
        var counts = [Double](repeating: 0, count: centres.count)
        for bin in bins {
            let colour = bin.mean
            var best = 0, bestDistance = Double.infinity
            for (index, centre) in centres.enumerated() {
                let d = colour - centre
                let distance = (d * d).sum()
                if distance < bestDistance { best = index; bestDistance = distance }
            }
            sums[best] += colour * Double(bin.count)
            counts[best] += Double(bin.count)
        }
        return centres.indices.map { counts[$0] > 0 ? sums[$0] / counts[$0] : centres[$0] }
    }

    /// A set of histogram bins, cut in two until there are enough boxes.
    private struct Box {
        var bins: ArraySlice<Bin>
        let mean: SIMD3<Double>
        /// The sum of squared distances from the mean, over all pixels.
        let error: Double
        let variance: SIMD3<Double>

        init(bins: ArraySlice<Bin>) {
            self.bins = bins
            var count = 0.0, sum = SIMD3<Double>.zero, squares = SIMD3<Double>.zero
            for bin in bins {
                let weight = Double(bin.count), colour = bin.mean
                count += weight
                sum += colour * weight
                squares += colour * colour * weight
            }
            mean = sum / max(count, 1)
            variance = squares / max(count, 1) - mean * mean
            error = variance.sum() * count
        }

        /// The two halves across the channel of largest variance, at the weighted median.
        func split() -> (Box, Box) {
            let axis = variance.x >= variance.y && variance.x >= variance.z ? 0 : (variance.y >= variance.z ? 1 : 2)
            let sorted = bins.sorted { a, b in
                let ka = a.mean[axis], kb = b.mean[axis]
                return ka != kb ? ka < kb : a.sum.x &* 65_536 &+ a.sum.y &* 256 &+ a.sum.z < b.sum.x &* 65_536 &+ b.sum.y &* 256 &+ b.sum.z
            }
            let total = sorted.reduce(0) { $0 + $1.count }
            var running = 0, cut = 1
            for (offset, bin) in sorted.enumerated() {
                running += bin.count
                if running * 2 >= total { cut = offset + 1; break }
            }
            cut = min(max(cut, 1), sorted.count - 1)
            return (Box(bins: sorted[0..<cut]), Box(bins: sorted[cut...]))
        }
    }
}

/// The distinct colours of an image while there are at most 256; `nil` after that.
struct ExactColorSet {
    private var slots = [UInt32](repeating: .max, count: 1024)
    private var count = 0
    private var overflowed = false

    mutating func insert(_ colour: UInt32) {
        guard !overflowed else { return }
        var slot = Int((colour &* 2_654_435_761) >> 22)
        while slots[slot] != .max {
            if slots[slot] == colour { return }
            slot = (slot + 1) & 1023
        }
        count += 1
        if count > 256 { overflowed = true; return }
        slots[slot] = colour
    }

    var colors: [UInt32]? { overflowed ? nil : slots.filter { $0 != .max } }
}
