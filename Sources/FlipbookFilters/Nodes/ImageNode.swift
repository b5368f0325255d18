import CFlipbookKernels
import Foundation
import FlipbookGraphics

/// One step of a `CIImage` recipe. A node produces premultiplied linear RGBA for a batch of
/// sample points at a time (a row of pixel centres, or any points a warp asks for), so
/// per-pixel work has no dynamic dispatch and a chain of pointwise steps needs no
/// intermediate image: each asks its inputs for the same points into scratch rows.
///
/// Coordinates are Core Image's: origin at the bottom left, y up.
protocol ImageNode: Sendable {
    /// Where the node's pixels can be non-zero; infinite for generators.
    var extent: CGRect { get }
    /// Writes the values at `samples` into `out` (as many as there are samples).
    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch)
    /// The node ready to render points in `rect`: steps that read a neighbourhood (blurs)
    /// render their input around `rect` into pixels here, once, on up to `threads` threads,
    /// before rows are asked for.
    func prepared(for rect: CGRect, threads: Int) -> any ImageNode
    /// The prepared node's pixel rows straight in 8-bit, when its steps can make them
    /// without floating point; nil (the default) otherwise.
    var byteRows: (any ByteRowSource)? { get }
    /// The values at `samples` as premultiplied RGBA8 sRGB at `out`, 4 bytes each: by
    /// default rendered and encoded (`renderEncoded`); a node holding its pixels already (a
    /// blur's raster, an image) encodes them in place, and one that only moves its inputs'
    /// pixels (a ripple) has them encode theirs.
    func encode(_ samples: Samples, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch)
}

/// The points a node is asked for.
enum Samples {
    /// The centres of `count` pixels of one row: (x + i + ½, y) for i in 0..<count.
    case row(x: Double, y: Double, count: Int)
    /// Any points.
    case points(UnsafeBufferPointer<SIMD2<Double>>)

    var count: Int {
        switch self {
        case .row(_, _, let count): count
        case .points(let points): points.count
        }
    }

    /// Point i.
    @inline(__always)
    func point(_ i: Int) -> SIMD2<Double> {
        switch self {
        case let .row(x, y, _): SIMD2(x + Double(i) + 0.5, y)
        case .points(let points): points[i]
        }
    }

    /// Calls `body` with the samples' points: the points given, or a row's centres written
    /// into a scratch row.
    func withPoints<R>(_ scratch: Scratch, _ body: (UnsafeBufferPointer<SIMD2<Double>>) -> R) -> R {
        switch self {
        case .points(let points):
            return body(points)
        case let .row(x, y, count):
            return scratch.withPoints(count) { points in
                for i in 0..<count { points[i] = SIMD2(x + Double(i) + 0.5, y) }
                return body(UnsafeBufferPointer(points))
            }
        }
    }

    /// The centres of `count` whole pixels of the pixel row whose bottom edge is at height
    /// `row`, from the pixel whose left edge is at `column`: `pixelRow` the other way.
    static func pixels(column: Int, row: Int, count: Int) -> Samples {
        .row(x: Double(column), y: Double(row) + 0.5, count: count)
    }

    /// A row of pixel centres on whole pixels, as a grid of pixels sees it: the column of
    /// its first sample and the whole-number height of its bottom edge; nil otherwise.
    var pixelRow: (column: Int, row: Int, count: Int)? {
        guard case let .row(x, y, count) = self, x == x.rounded(), (y - 0.5) == (y - 0.5).rounded() else { return nil }
        return (Int(x), Int(y - 0.5), count)
    }
}

extension UnsafeMutableBufferPointer where Element == Float {
    /// Calls `body` with each run of equal values, in order, and its value: the runs of one
    /// place or kind a step draws together.
    func forEachRun(_ body: (Range<Int>, Float) -> Void) {
        guard let base = baseAddress else { return }
        var start = 0
        while start < count {
            let end = start + fb_equal_run(base + start, count - start)
            body(start..<end, self[start])
            start = end
        }
    }
}

/// Reading pixel grids: images and rasters.
enum PixelGrid {
    /// The samples i of a row starting at `column`, `count` long, that land on columns
    /// 0..<width.
    @inline(__always)
    static func overlap(column: Int, count: Int, width: Int) -> Range<Int> {
        let first = max(0, -column)
        return first..<max(first, min(count, width - column))
    }

    /// The value at (fx, fy), in pixels from the first pixel's centre, interpolated
    /// bilinearly between the four nearest of `texel(column, row)` (which is clear outside
    /// the `width` × `height` grid).
    @inline(__always)
    static func bilinear(_ fx: Double, _ fy: Double, width: Int, height: Int,
                         _ texel: (Int, Int) -> SIMD4<Float>) -> SIMD4<Float> {
        let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
        guard x0 > -2, y0 > -2, x0 < Double(width), y0 < Double(height) else { return .zero }
        let tx = Float(fx - x0), ty = Float(fy - y0)
        let c = Int(x0), r = Int(y0)
        let near = texel(c, r) * (1 - tx) + texel(c + 1, r) * tx
        let far = texel(c, r + 1) * (1 - tx) + texel(c + 1, r + 1) * tx
        return near * (1 - ty) + far * ty
    }
}

extension ImageNode {
    func encode(_ samples: Samples, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        renderEncoded(samples, into: out, scratch: scratch)
    }

    /// The values at `samples` rendered into a scratch row and encoded into `out`.
    func renderEncoded(_ samples: Samples, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        scratch.withColors(samples.count) { values in
            render(samples, into: values, scratch: scratch)
            LinearLight.encode(values.baseAddress!, count: values.count, into: out)
        }
    }

    /// The node prepared to be read anywhere, as warps read their inputs: over its whole
    /// extent, or, when that is unbounded, over `rect` and as much again around it.
    func preparedForAnyPoint(near rect: CGRect, threads: Int) -> any ImageNode {
        prepared(for: extent.isUnbounded ? rect.insetBy(dx: -rect.width, dy: -rect.height) : extent, threads: threads)
    }

    /// Renders the node at points computed from `samples` by `map`.
    func render(mapping samples: Samples, through map: (SIMD2<Double>) -> SIMD2<Double>,
                into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        scratch.withPoints(samples.count) { points in
            for i in 0..<samples.count { points[i] = map(samples.point(i)) }
            render(.points(UnsafeBufferPointer(points)), into: out, scratch: scratch)
        }
    }
}

extension CGRect {
    /// The centre, as a point the filters compute with.
    var centre: SIMD2<Double> { SIMD2(Double(midX), Double(midY)) }

    /// Half the width and half the height: how far the centre is from the sides.
    var halfSize: SIMD2<Double> { SIMD2(Double(width), Double(height)) / 2 }

    /// The part of `rect` worth preparing for an input of extent `extent`, grown by `margin`
    /// for steps that read around a point.
    func region(within extent: CGRect, margin: CGFloat = 0) -> CGRect {
        let grown = insetBy(dx: -margin, dy: -margin)
        return extent.isUnbounded ? grown : grown.intersection(extent)
    }

    /// Whether the point lies inside (left and bottom edges in, right and top out).
    @inline(__always)
    func containsPoint(_ p: SIMD2<Double>) -> Bool {
        p.x >= Double(minX) && p.x < Double(maxX) && p.y >= Double(minY) && p.y < Double(maxY)
    }

    /// How far the corner farthest from `point` lies from it.
    func farthestCorner(from point: SIMD2<Double>) -> Double {
        [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)]
            .map { hypot(Double($0.0) - point.x, Double($0.1) - point.y) }.max() ?? 0
    }

    /// Whether the rectangle reaches infinitely far in some direction.
    var isUnbounded: Bool { isInfinite || !width.isFinite || !height.isFinite }
}
