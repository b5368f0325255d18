/// A Gaussian blur of an 8-bit alpha mask, approximated as browsers and the SVG
/// specification do by three successive box blurs along each axis, whose size
/// d = ⌊σ · 3√(2π) / 4 + ½⌋ makes them match the Gaussian within a few levels. Each
/// pass costs the same whatever σ (running sums), so wide shadows stay cheap.
enum GaussianBlur {
    /// Blurs `mask` (width × height) in place with standard deviation `sigma` pixels.
    /// Pixels outside the mask count as transparent.
    static func blur(_ mask: inout [UInt8], width: Int, height: Int, sigma: CGFloat) {
        let d = Int(Double(sigma) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5)
        guard d > 1, width > 0, height > 0 else { return }
        // Odd sizes: three centred boxes. Even sizes: one box leaning left, one leaning
        // right, then one of size d + 1, so the result stays centred.
        let passes = d % 2 == 1 ? Array(repeating: (d / 2, d / 2), count: 3)
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        mask.withUnsafeMutableBufferPointer { pixels in
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(width, height))
            let sums = UnsafeMutableBufferPointer<Int32>.allocate(capacity: width)
            defer { scratch.deallocate(); sums.deallocate() }
            for (left, right) in passes {
                for y in 0..<height { boxRow(pixels.baseAddress! + y * width, count: width, left: left, right: right, scratch: scratch) }
            }
            for (left, right) in passes {
                boxColumns(pixels, width: width, height: height, left: left, right: right, sums: sums)
            }
        }
    }

    /// `(sum · reciprocal + ½) >> 24` divides by the box size with rounding.
    private static func reciprocal(_ size: Int) -> Int32 { Int32((1 << 24) / size) }

    /// One box blur along a row: each pixel becomes the mean of `left` pixels before it,
    /// itself and `right` after it.
    private static func boxRow(_ row: UnsafeMutablePointer<UInt8>, count: Int, left: Int, right: Int,
                               scratch: UnsafeMutableBufferPointer<UInt8>) {
        scratch.baseAddress!.update(from: row, count: count)
        let source = scratch.baseAddress!
        let scale = Int64(reciprocal(left + right + 1))
        var sum: Int64 = 0
        for x in 0..<min(right, count) { sum += Int64(source[x]) }
        for x in 0..<count {
            if x + right < count { sum += Int64(source[x + right]) }
            if x - left - 1 >= 0 { sum -= Int64(source[x - left - 1]) }
            row[x] = UInt8(truncatingIfNeeded: (sum * scale + (1 << 23)) >> 24)
        }
    }

    /// One box blur down every column at once, row by row with a running sum per column.
    private static func boxColumns(_ pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, left: Int, right: Int,
                                   sums: UnsafeMutableBufferPointer<Int32>) {
        // Rows still needed as input once overwritten: keep a ring of the last left + 1 rows.
        let ringRows = left + 1
        let ring = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ringRows * width)
        defer { ring.deallocate() }
        let base = pixels.baseAddress!
        sums.update(repeating: 0)
        for y in 0..<min(right, height) {
            for x in 0..<width { sums[x] += Int32(base[y * width + x]) }
        }
        let scale = reciprocal(left + right + 1)
        for y in 0..<height {
            if y + right < height {
                let incoming = base + (y + right) * width
                for x in 0..<width { sums[x] += Int32(incoming[x]) }
            }
            if y - left - 1 >= 0 {
                let outgoing = ring.baseAddress! + ((y - left - 1) % ringRows) * width
                for x in 0..<width { sums[x] -= Int32(outgoing[x]) }
            }
            let row = base + y * width
            (ring.baseAddress! + (y % ringRows) * width).update(from: row, count: width)
            for x in 0..<width {
                row[x] = UInt8(truncatingIfNeeded: (Int64(sums[x]) * Int64(scale) + (1 << 23)) >> 24)
            }
        }
    }
}
