/// Produces paint colour for a row of pixels. A shader may clear coverage where it paints
/// nothing (a gradient without extension, for instance), which keeps every blend mode
/// bounded to where paint exists.
protocol Shader {
    /// Writes premultiplied colours for pixels `x..<x+count` of row `y` (sampled at pixel
    /// centres) into `output`, zeroing `coverage` where there is no paint.
    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>)
}

/// An axial gradient between two points.
struct LinearGradientShader: Shader {
    let gradient: CGGradient
    let inverse: CGAffineTransform
    let start: CGPoint
    let delta: CGPoint
    let options: CGGradientDrawingOptions

    init(gradient: CGGradient, start: CGPoint, end: CGPoint, ctm: CGAffineTransform, options: CGGradientDrawingOptions) {
        self.gradient = gradient
        self.inverse = ctm.inverted()
        self.start = start
        self.delta = CGPoint(x: end.x - start.x, y: end.y - start.y)
        self.options = options
    }

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        let length2 = delta.x * delta.x + delta.y * delta.y
        // t(p) = (p − start)·delta / |delta|², linear in the device column; computed from the
        // absolute column so a pixel never depends on where its run starts.
        let p = CGPoint(x: 0, y: CGFloat(y) + 0.5).applying(inverse)
        let t0 = length2 > 0 ? ((p.x - start.x) * delta.x + (p.y - start.y) * delta.y) / length2 : 0
        let dt = length2 > 0 ? (inverse.a * delta.x + inverse.b * delta.y) / length2 : 0
        // Where t leaves [0, 1] without an extension there is no paint (NaN never paints).
        let low: Float = options.contains(.drawsBeforeStartLocation) ? -.infinity : 0
        let high: Float = options.contains(.drawsAfterEndLocation) ? .infinity : 1
        gradient.table.withUnsafeBufferPointer { table in
            let entries = table.baseAddress!
            for i in 0..<count {
                let t = Float(t0 + dt * (CGFloat(x + i) + 0.5))
                if t >= low, t <= high {
                    output[i] = entries[CGGradient.tableIndex(t)]
                } else {
                    coverage[i] = 0
                    output[i] = 0
                }
            }
        }
    }
}

/// A two-circle (conical) radial gradient: colour t lies on the circle interpolated
/// between the start circle (t = 0) and the end circle (t = 1); the largest t wins.
struct RadialGradientShader: Shader {
    let gradient: CGGradient
    let inverse: CGAffineTransform
    let c0: CGPoint, r0: CGFloat, cd: CGPoint, dr: CGFloat
    let options: CGGradientDrawingOptions

    init(gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
         endRadius: CGFloat, ctm: CGAffineTransform, options: CGGradientDrawingOptions) {
        self.gradient = gradient
        inverse = ctm.inverted()
        c0 = startCenter
        r0 = max(startRadius, 0)
        cd = CGPoint(x: endCenter.x - startCenter.x, y: endCenter.y - startCenter.y)
        dr = max(endRadius, 0) - max(startRadius, 0)
        self.options = options
    }

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr
        let origin = CGPoint(x: 0, y: CGFloat(y) + 0.5).applying(inverse)
        gradient.table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let column = CGFloat(x + i) + 0.5
                let px = origin.x + inverse.a * column - c0.x
                let py = origin.y + inverse.b * column - c0.y
                let b = px * cd.x + py * cd.y + r0 * dr
                let c = px * px + py * py - r0 * r0
                var t = CGFloat.nan
                if abs(a) < 1e-9 {
                    if b != 0 { t = c / (2 * b) }
                    if r0 + t * dr < 0 { t = .nan }
                } else {
                    let disc = b * b - a * c
                    if disc >= 0 {
                        let root = disc.squareRoot()
                        let t1 = (b + root) / a, t2 = (b - root) / a
                        let (hi, lo) = (max(t1, t2), min(t1, t2))
                        if r0 + hi * dr >= 0 { t = hi } else if r0 + lo * dr >= 0 { t = lo }
                    }
                }
                if t.isNaN || (t < 0 && !before) || (t > 1 && !after) {
                    coverage[i] = 0
                    output[i] = 0
                    continue
                }
                output[i] = table[CGGradient.tableIndex(Float(t))]
            }
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
