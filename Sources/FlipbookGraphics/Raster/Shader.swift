import CFlipbookKernels

/// Produces paint colour for a row of pixels. A shader may clear coverage where it paints
/// nothing (a gradient without extension, for instance), which keeps every blend mode
/// bounded to where paint exists.
protocol Shader {
    /// Writes premultiplied colours for pixels `x..<x+count` of row `y` (sampled at pixel
    /// centres) into `output`, zeroing `coverage` where there is no paint.
    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>)

    /// Whether the shader paints every pixel of `region` with an opaque colour, never
    /// clearing coverage there: then it can shade straight into the target.
    func isOpaque(over region: IntRect) -> Bool
}

extension Shader {
    func isOpaque(over region: IntRect) -> Bool { false }
}

/// An axial gradient between two points.
///
/// The table index of a pixel is affine in its device position, so it is kept in 32.32
/// fixed point: one multiply-add a pixel from the absolute column (a pixel never depends
/// on where its run starts).
struct LinearGradientShader: Shader {
    let gradient: CGGradient
    /// t at the centre of device pixel (0, 0), and its change per column and per row.
    let t00: Double, tx: Double, ty: Double
    /// The range of t that paints: 0…1, widened by the extension options.
    let low: Double, high: Double

    init(gradient: CGGradient, start: CGPoint, end: CGPoint, ctm: CGAffineTransform, options: CGGradientDrawingOptions) {
        self.gradient = gradient
        // t(p) = (p − start)·delta / |delta|², with p the user-space point of a device pixel.
        let inverse = ctm.inverted()
        let delta = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let length2 = delta.x * delta.x + delta.y * delta.y
        // Ends that meet paint the start colour everywhere (t = 0); ends apart by rounding
        // alone (under a millionth of a pixel on screen) meet, rather than split the plane
        // along a direction the rounding chose.
        let onScreen = CGPoint(x: ctm.a * delta.x + ctm.c * delta.y, y: ctm.b * delta.x + ctm.d * delta.y)
        let scale = (onScreen.x * onScreen.x + onScreen.y * onScreen.y).squareRoot() >= 1e-6 ? 1 / length2 : 0
        let p = CGPoint(x: 0.5, y: 0.5).applying(inverse)
        t00 = Double(((p.x - start.x) * delta.x + (p.y - start.y) * delta.y) * scale)
        tx = Double((inverse.a * delta.x + inverse.b * delta.y) * scale)
        ty = Double((inverse.c * delta.x + inverse.d * delta.y) * scale)
        low = options.contains(.drawsBeforeStartLocation) ? -.infinity : 0
        high = options.contains(.drawsAfterEndLocation) ? .infinity : 1
    }

    func isOpaque(over region: IntRect) -> Bool {
        guard gradient.isOpaque, !region.isEmpty else { return false }
        // t is affine, so its extremes over the region lie at corner pixels.
        let corners = [(region.x0, region.y0), (region.x1 - 1, region.y0), (region.x0, region.y1 - 1),
                       (region.x1 - 1, region.y1 - 1)].map { t(x: $0.0, y: $0.1) }
        return corners.allSatisfy { $0 >= low && $0 <= high }
    }

    @inline(__always) private func t(x: Int, y: Int) -> Double { t00 + tx * Double(x) + ty * Double(y) }

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        guard count > 0 else { return }
        let rowT = t00 + ty * Double(y)
        let first = rowT + tx * Double(x), last = rowT + tx * Double(x + count - 1)
        let inside = min(first, last) >= low && max(first, last) <= high
        gradient.table.withUnsafeBufferPointer { table in
            let entries = table.baseAddress!
            let top = Int64(table.count - 1)
            // Index = t·1023 rounded, in 32.32 fixed point from the absolute column, where
            // every term stays below 2⁶² (no wrapping).
            if inside, fitsFixedPoint(rowT: rowT, columns: x...(x + count), top: top) {
                let step = Self.fixed(tx * Double(top))
                let start = Self.rowIndex(rowT, top: top) &+ step &* Int64(x)
                // Indices past the table (the extended ends) clamp to its ends.
                fb_table_row(output, entries, table.count, start, step, count)
                return
            }
            for i in 0..<count {
                let t = rowT + tx * Double(x + i)
                if t >= low, t <= high {
                    output[i] = entries[CGGradient.tableIndex(Float(t))]
                } else {
                    coverage[i] = 0
                    output[i] = 0
                }
            }
        }
    }

    /// Whether the fixed-point index stays exact along a row at `rowT` over columns as far
    /// out as `columns` reaches, where every term stays below 2⁶² (no wrapping).
    private func fitsFixedPoint(rowT: Double, columns: ClosedRange<Int>, top: Int64) -> Bool {
        (abs(rowT) + abs(tx) * Double(max(abs(columns.lowerBound), abs(columns.upperBound)))) * Double(top) < 0x1p29
    }

    /// The table index of each row of `rows` at device column 0 and its change per column,
    /// in 32.32 fixed point (`shade`'s, so a fill can look the colours up as it composites):
    /// nil unless the gradient extends both ways, painting every pixel, and the indices
    /// stay exact over every column out to `columns`.
    func fixedPointRows(_ rows: Range<Int>, columns: ClosedRange<Int>) -> (indices: [Int64], step: Int64)? {
        let top = Int64(gradient.table.count - 1)
        guard low == -.infinity, high == .infinity, !rows.isEmpty,
              fitsFixedPoint(rowT: t00 + ty * Double(rows.lowerBound), columns: columns, top: top),
              fitsFixedPoint(rowT: t00 + ty * Double(rows.upperBound - 1), columns: columns, top: top) else { return nil }
        return (rows.map { Self.rowIndex(t00 + ty * Double($0), top: top) }, Self.fixed(tx * Double(top)))
    }

    /// The table index at device column 0 of the row where t is `rowT` there, rounded.
    private static func rowIndex(_ rowT: Double, top: Int64) -> Int64 { fixed(rowT * Double(top) + 0.5) }

    /// `value` (of magnitude below 2³⁰) in 32.32 fixed point, rounded half away from zero
    /// as `rounded()` does, without its library call (a fill takes one for every row):
    /// truncated, then moved by the fraction left, which is exact (at 2⁵² and beyond the
    /// product is a whole number and the fraction zero).
    static func fixed(_ value: Double) -> Int64 {
        let scaled = value * 0x1p32
        let whole = Int64(scaled), fraction = scaled - Double(whole)
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }
}

/// A two-circle (conical) radial gradient: colour t lies on the circle interpolated
/// between the start circle (t = 0) and the end circle (t = 1); the largest t that the
/// options let paint wins (PDF's radial shading, which Quartz draws).
/// Shaded by `fb_radial_row`, four pixels at a time in double precision.
struct RadialGradientShader: Shader {
    let gradient: CGGradient
    let inverse: CGAffineTransform
    /// The circles and options, with the row's origin still to be set.
    let circles: fb_radial

    init(gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
         endRadius: CGFloat, ctm: CGAffineTransform, options: CGGradientDrawingOptions) {
        self.gradient = gradient
        inverse = ctm.inverted()
        let r0 = max(startRadius, 0), dr = max(endRadius, 0) - max(startRadius, 0)
        let cd = CGPoint(x: endCenter.x - startCenter.x, y: endCenter.y - startCenter.y)
        circles = fb_radial(origin_x: 0, origin_y: 0, step_x: inverse.a, step_y: inverse.b,
                            start_x: startCenter.x, start_y: startCenter.y, delta_x: cd.x, delta_y: cd.y,
                            r0: r0, dr: dr, a: cd.x * cd.x + cd.y * cd.y - dr * dr,
                            before: options.contains(.drawsBeforeStartLocation) ? 1 : 0,
                            after: options.contains(.drawsAfterEndLocation) ? 1 : 0)
    }

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        // The user-space point of the row's column 0, at its centre's height.
        let origin = CGPoint(x: 0, y: CGFloat(y) + 0.5).applying(inverse)
        var row = circles
        row.origin_x = origin.x
        row.origin_y = origin.y
        gradient.table.withUnsafeBufferPointer { table in
            fb_radial_row(output, coverage, &row, table.baseAddress!, x, count)
        }
    }
}

/// Wraps the pixels of a finished transparency layer or offscreen as paint, 1:1.
struct BufferShader: Shader {
    let buffer: PixelBuffer

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        output.update(from: buffer.row(y) + x, count: count)
    }
}
