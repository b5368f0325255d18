/// Turns edges into exact-area anti-aliased coverage, one row at a time.
///
/// Each edge adds its signed area to an accumulation buffer (per pixel: the area to the
/// pixel's right that the edge's winding changes). A running sum along a row then gives the
/// winding-weighted coverage of each pixel, which the fill rule folds into 0…1: `min(|w|, 1)`
/// for non-zero and the distance to the nearest even number for even-odd. For any
/// non-self-overlapping shape the summed coverage equals the shape's area exactly.
final class CoverageRasterizer {
    private var accumulation: UnsafeMutablePointer<Float>
    private var capacity: Int
    private var touchedMin: [Int32] = []
    private var touchedMax: [Int32] = []
    private var stride = 0
    private var width = 0
    private var height = 0

    init() {
        capacity = 0
        accumulation = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    }

    deinit { accumulation.deallocate() }

    /// One row of coverage: `y` in device space, `x` the device column of `coverage[0]`.
    typealias RowSink = (_ y: Int, _ x: Int, _ coverage: UnsafeMutableBufferPointer<UInt8>) -> Void

    /// Rasterizes `edges` (device space, implicitly forming closed outlines) inside `region`
    /// and hands each non-empty row to `sink`. Rows may be handed out concurrently (distinct
    /// rows only) when `threads > 1`.
    func fill(_ edges: [Edge], rule: CGPathFillRule, region: IntRect, antialias: Bool,
              threads: Int, sink: RowSink) {
        guard !region.isEmpty, !edges.isEmpty else { return }
        prepare(width: region.width, height: region.height)
        let ox = Float(region.x0), oy = Float(region.y0)
        for e in edges {
            addClipped(e.x0 - ox, e.y0 - oy, e.x1 - ox, e.y1 - oy)
        }
        emitRows(region: region, rule: rule, antialias: antialias, threads: threads, sink: sink)
    }

    private func prepare(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        let needed = stride * height
        if needed > capacity {
            accumulation.deallocate()
            accumulation = UnsafeMutablePointer<Float>.allocate(capacity: needed)
            accumulation.initialize(repeating: 0, count: needed)
            capacity = needed
        }
        touchedMin = Array(repeating: Int32.max, count: height)
        touchedMax = Array(repeating: -1, count: height)
    }

    /// Splits a line where it leaves 0…width horizontally: parts outside are replaced by
    /// vertical lines on the border, which carry the same winding to the pixels inside.
    private func addClipped(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let w = Float(width)
        var ts: [Float] = [0]
        for border in [0, w] where (x0 < border) != (x1 < border) {
            ts.append((border - x0) / (x1 - x0))
        }
        ts.append(1)
        if ts.count > 3 && ts[1] > ts[2] { ts.swapAt(1, 2) }
        for i in 0..<(ts.count - 1) {
            let ta = ts[i], tb = ts[i + 1]
            let ya = y0 + (y1 - y0) * ta, yb = y0 + (y1 - y0) * tb
            let mid = x0 + (x1 - x0) * (ta + tb) / 2
            if mid <= 0 {
                addLine(0, ya, 0, yb)
            } else if mid >= w {
                addLine(w, ya, w, yb)
            } else {
                let xa = min(max(x0 + (x1 - x0) * ta, 0), w)
                let xb = min(max(x0 + (x1 - x0) * tb, 0), w)
                addLine(xa, ya, xb, yb)
            }
        }
    }

    /// Accumulates one line lying within 0…width horizontally.
    private func addLine(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        guard ay != by else { return }
        let direction: Float = ay < by ? 1 : -1
        var (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        let h = Float(height), w = Float(width)
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 -= y0 * dxdy; y0 = 0 }
        if y1 > h { x1 -= (y1 - h) * dxdy; y1 = h }
        var x = x0
        let rowStart = Int(y0)
        let rowEnd = min(Int(y1.rounded(.up)), height)
        guard rowStart < rowEnd else { return }
        for row in rowStart..<rowEnd {
            let line = accumulation + row * stride
            let top = max(Float(row), y0), bottom = min(Float(row + 1), y1)
            let dy = bottom - top
            if dy <= 0 { continue }
            let xNext = min(max(x + dxdy * dy, 0), w)
            let d = dy * direction
            let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
            let xlFloor = xl.rounded(.down)
            let xli = Int(xlFloor)
            let xrCeil = xr.rounded(.up)
            let xri = max(Int(xrCeil), xli + 1)
            if xri <= xli + 1 {
                let xm = 0.5 * (x + xNext) - xlFloor
                line[xli] += d - d * xm
                line[xli + 1] += d * xm
            } else {
                let s = 1 / (xr - xl)
                let xlf = xl - xlFloor
                let a0 = 0.5 * s * (1 - xlf) * (1 - xlf)
                let xrf = xr - xrCeil + 1
                let am = 0.5 * s * xrf * xrf
                line[xli] += d * a0
                if xri == xli + 2 {
                    line[xli + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - xlf)
                    line[xli + 1] += d * (a1 - a0)
                    if xli + 2 < xri - 1 {
                        for xi in (xli + 2)..<(xri - 1) { line[xi] += d * s }
                    }
                    let a2 = a1 + Float(xri - xli - 3) * s
                    line[xri - 1] += d * (1 - a2 - am)
                }
                line[xri] += d * am
            }
            touchedMin[row] = min(touchedMin[row], Int32(xli))
            touchedMax[row] = max(touchedMax[row], Int32(xri))
            x = xNext
        }
    }

    private func emitRows(region: IntRect, rule: CGPathFillRule, antialias: Bool, threads: Int, sink: RowSink) {
        let acc = UncheckedSendable(value: accumulation)
        let stride = self.stride, width = self.width
        let minima = touchedMin, maxima = touchedMax
        let evenOdd = rule == .evenOdd
        forEachBand(rowCount: height, pixelsPerRow: width, threads: threads) { rows in
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width + 2)
            defer { buffer.deallocate() }
            for row in rows {
                let first = Int(minima[row])
                guard first <= Int(maxima[row]) else { continue }
                let last = min(Int(maxima[row]), width - 1)
                let line = acc.value + row * stride
                var sum: Float = 0
                var count = 0
                if first <= last {
                    for x in first...last {
                        sum += line[x]
                        line[x] = 0
                        var a = abs(sum)
                        if evenOdd {
                            a = a - 2 * (a * 0.5).rounded(.down)
                            if a > 1 { a = 2 - a }
                        } else if a > 1 {
                            a = 1
                        }
                        let value = antialias ? a * 255 + 0.5 : (a >= 0.5 ? 255 : 0)
                        buffer[count] = UInt8(truncatingIfNeeded: Int(value))
                        count += 1
                    }
                }
                for x in (last + 1)..<(width + 2) where x >= first { line[x] = 0 }
                if count > 0 {
                    sink(region.y0 + row, region.x0 + first,
                         UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
                }
            }
        }
    }
}
