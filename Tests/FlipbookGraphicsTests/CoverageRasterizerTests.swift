@testable import FlipbookGraphics
import Foundation
import Testing

/// The rasterizer's two ways out, on every instruction set this processor has: rows of
/// coverage handed to a sink, and a colour composited as the rows are summed. Both must give
/// the bytes of the scalar source-over formula applied to the sink's coverage.
@Suite(.serialized) struct CoverageRasterizerTests {
    static let levels = Array(0...Compositor.bestKernelLevel)

    /// A random closed polygon with `count` vertices, crossing itself and reaching up to
    /// 40 pixels outside `area` on every side.
    static func polygon(count: Int, in area: IntRect, random: inout SeededRandom) -> [Edge] {
        func coordinate(_ low: Int, _ high: Int) -> Float {
            Float(low - 40) + Float(random.next() % UInt64((high - low + 80) * 64)) / 64
        }
        let points = (0..<count).map { _ in (coordinate(area.x0, area.x1), coordinate(area.y0, area.y1)) }
        return points.indices.map { i in
            let a = points[i], b = points[(i + 1) % count]
            return Edge(x0: a.0, y0: a.1, x1: b.0, y1: b.1)
        }
    }

    /// A buffer of random premultiplied pixels.
    static func destination(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        var random = SeededRandom(seed: seed)
        let buffer = try! PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { buffer.row(y)[x] = CompositorKernelTests.pixel(&random) }
        }
        return buffer
    }

    static func pixels(_ buffer: PixelBuffer) -> [UInt32] {
        let bounds = buffer.bounds
        return (bounds.y0..<bounds.y1).flatMap { y in Array(UnsafeBufferPointer(start: buffer.row(y) + bounds.x0, count: bounds.width)) }
    }

    /// `edges` filled with `colour` over `target` through `region`: the sink's coverage
    /// composited with the scalar formula when `fused` is false, else the fused row pass,
    /// which may write `slack` pixels right of the region back unchanged.
    static func fill(_ edges: [Edge], rule: CGPathFillRule, antialias: Bool, region: IntRect, slack: Int = 0,
                     colour: UInt32, over target: PixelBuffer, fused: Bool,
                     rasterizer: CoverageRasterizer = CoverageRasterizer()) {
        if fused {
            return rasterizer.fill(edges, rule: rule, region: region, slack: slack, antialias: antialias, threads: 1,
                                   color: colour, over: target)
        }
        rasterizer.fill(edges, rule: rule, region: region, antialias: antialias, threads: 1) { y, x, coverage in
            let row = target.row(y) + x
            for i in coverage.indices where coverage[i] != 0 {
                row[i] = sourceOver(scalePixel(colour, UInt32(coverage[i])), row[i])
            }
        }
    }

    static let cases: [(rule: CGPathFillRule, antialias: Bool)] = [(.winding, true), (.evenOdd, true), (.winding, false), (.evenOdd, false)]

    @Test(arguments: levels) func fusedFillEqualsTheSinksCoverageComposited(level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        for (index, (rule, antialias)) in Self.cases.enumerated() {
            for seed in 0..<6 {
                var random = SeededRandom(seed: UInt64(100 * index + seed))
                let width = 97 + Int(random.next() % 160), height = 60 + Int(random.next() % 90)
                let region = IntRect(x0: Int(random.next() % 7), y0: Int(random.next() % 5), x1: width - 3, y1: height - 1)
                let edges = Self.polygon(count: 3 + Int(random.next() % 40), in: region, random: &random)
                // Opaque, translucent and clear colours, premultiplied.
                let colour: UInt32 = [0xFF30_80F0, 0x8040_2010, 0x0000_0000][seed % 3]
                let expected = Self.destination(width: width, height: height, seed: UInt64(seed))
                let actual = Self.destination(width: width, height: height, seed: UInt64(seed))
                Self.fill(edges, rule: rule, antialias: antialias, region: region, colour: colour, over: expected, fused: false)
                Self.fill(edges, rule: rule, antialias: antialias, region: region, colour: colour, over: actual, fused: true)
                #expect(CompositorKernelTests.mismatch(Self.pixels(actual), Self.pixels(expected)) == nil,
                        "\(rule) antialias \(antialias) seed \(seed)")
            }
        }
    }

    /// An axial gradient filling a path as the rows are summed (Lottie's gradient fills and
    /// strokes) gives the bytes of the sink's coverage composited with the scalar formula
    /// over the colours the shader shades: translucent and opaque stops, gradients at any
    /// angle reaching past the path's ends (their table indices clamped), both rules,
    /// aliased or not, and the region widened into room at its right or not.
    @Test(arguments: levels) func gradientFillEqualsTheShadersColoursComposited(level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        let translucent = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0.2, blue: 0, alpha: 0.3),
                                                                CGColor(red: 0, green: 0.6, blue: 1, alpha: 1),
                                                                CGColor(red: 0.2, green: 0, blue: 0.9, alpha: 0.7)], locations: nil)!
        let opaque = CGGradient(colorsSpace: nil, colors: [CGColor(red: 0.1, green: 0.9, blue: 0.3, alpha: 1),
                                                           CGColor(red: 0.9, green: 0.1, blue: 0.5, alpha: 1)], locations: nil)!
        for (index, (rule, antialias)) in Self.cases.enumerated() {
            for seed in 0..<6 {
                var random = SeededRandom(seed: UInt64(300 + 100 * index + seed))
                var width = 97 + Int(random.next() % 160), height = 60 + Int(random.next() % 90)
                var region = IntRect(x0: Int(random.next() % 7), y0: Int(random.next() % 5), x1: width - 3, y1: height - 1)
                let edges = Self.polygon(count: 3 + Int(random.next() % 40), in: region, random: &random)
                var slack = 0
                if seed % 2 == 1 {
                    // The fill in its bounding box, with 0 to 15 pixels of room to its right.
                    let box = edges.reduce(CGRect.null) { $0.union(CGRect(x: CGFloat($1.x0), y: CGFloat($1.y0), width: 0, height: 0)) }
                    region = IntRect(covering: box.offsetBy(dx: 50, dy: 50))
                    slack = Int(random.next() % 16)
                    width = region.x1 + slack
                    height = region.y1 + 2
                }
                let shape = seed % 2 == 1 ? edges.map { Edge(x0: $0.x0 + 50, y0: $0.y0 + 50, x1: $0.x1 + 50, y1: $0.y1 + 50) } : edges
                func point() -> CGPoint { CGPoint(x: Double(random.next() % 400) - 100, y: Double(random.next() % 300) - 80) }
                let shader = LinearGradientShader(gradient: seed % 3 == 0 ? opaque : translucent, start: point(), end: point(),
                                                  ctm: CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.2, y: 0.9),
                                                  options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                let expected = Self.destination(width: width, height: height, seed: UInt64(seed))
                let actual = Self.destination(width: width, height: height, seed: UInt64(seed))
                CoverageRasterizer().fill(shape, rule: rule, region: region, antialias: antialias, threads: 1) { y, x, coverage in
                    var colours = [PackedPixel](repeating: 0, count: coverage.count)
                    shader.shade(y: y, x: x, count: coverage.count, into: &colours, coverage: coverage.baseAddress!)
                    let row = expected.row(y) + x
                    for i in coverage.indices where coverage[i] != 0 {
                        row[i] = sourceOver(scalePixel(colours[i], UInt32(coverage[i])), row[i])
                    }
                }
                let rows = try! #require(shader.fixedPointRows(region.y0..<region.y1, columns: region.x0...(region.x1 + slack)))
                CoverageRasterizer().fill(shape, rule: rule, region: region, slack: slack, antialias: antialias, threads: 1,
                                          gradient: shader.gradient, rows: rows.indices, step: rows.step, over: actual)
                #expect(CompositorKernelTests.mismatch(Self.pixels(actual), Self.pixels(expected)) == nil,
                        "\(rule) antialias \(antialias) seed \(seed)")
            }
        }
    }

    /// A fill in its bounding box, as contexts fill, with room to its right up to the
    /// buffer's side (0 to 15 pixels): the row pass widens the region into that room so that
    /// its last pair of chunks ends whole, and leaves the pixels there as they are.
    @Test(arguments: levels) func widenedFillLeavesThePixelsPastItsShape(level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        for seed in 0..<16 {
            var random = SeededRandom(seed: UInt64(700 + seed))
            let inner = IntRect(x0: 45, y0: 45, x1: 60 + Int(random.next() % 50), y1: 70)
            let edges = Self.polygon(count: 3 + Int(random.next() % 12), in: inner, random: &random)
            let box = edges.reduce(CGRect.null) { $0.union(CGRect(x: CGFloat($1.x0), y: CGFloat($1.y0), width: 0, height: 0)) }
            let region = IntRect(covering: box)
            let width = region.x1 + seed, height = region.y1 + 2
            let colour: UInt32 = [0xFF30_80F0, 0x8040_2010][seed % 2]
            let expected = Self.destination(width: width, height: height, seed: UInt64(seed))
            let actual = Self.destination(width: width, height: height, seed: UInt64(seed))
            Self.fill(edges, rule: .winding, antialias: true, region: region, colour: colour, over: expected, fused: false)
            Self.fill(edges, rule: .winding, antialias: true, region: region, slack: width - region.x1, colour: colour,
                      over: actual, fused: true)
            #expect(CompositorKernelTests.mismatch(Self.pixels(actual), Self.pixels(expected)) == nil, "seed \(seed)")
        }
    }

    /// A fill reaching past the region's right side, its left edge slanting one pixel a row,
    /// so that the constant span ending each row takes every length the row pass makes, from
    /// 4 to 64 (spans start and end on chunks of four); four widths, so that the region's
    /// side cuts its last pair of chunks short in every way. The steps of sixteen and eight
    /// and the overlapping last eight pixels composite each pixel once.
    @Test(arguments: levels) func spansOfEveryLengthEndingARow(level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        let height = 72
        for width in 100..<104 {
            let region = IntRect(x0: 0, y0: 0, x1: width, y1: height)
            let right = Float(width + 20), top = Float(width) - 0.5, bottom = top - Float(height)
            let edges = [Edge(x0: top, y0: 0, x1: right, y1: 0), Edge(x0: right, y0: 0, x1: right, y1: Float(height)),
                         Edge(x0: right, y0: Float(height), x1: bottom, y1: Float(height)),
                         Edge(x0: bottom, y0: Float(height), x1: top, y1: 0)]
            for colour: UInt32 in [0xFF30_80F0, 0x8040_2010] {
                let expected = Self.destination(width: width, height: height, seed: 9)
                let actual = Self.destination(width: width, height: height, seed: 9)
                Self.fill(edges, rule: .winding, antialias: true, region: region, colour: colour, over: expected, fused: false)
                Self.fill(edges, rule: .winding, antialias: true, region: region, colour: colour, over: actual, fused: true)
                #expect(CompositorKernelTests.mismatch(Self.pixels(actual), Self.pixels(expected)) == nil,
                        "width \(width) colour \(String(colour, radix: 16))")
            }
        }
    }

    /// The instruction sets round coordinates to rows and columns in different ways (one
    /// instruction, or a trick with the float's mantissa); their coverage is the same.
    @Test func everyLevelGivesTheSameCoverage() {
        for seed in 0..<8 {
            var random = SeededRandom(seed: UInt64(500 + seed))
            // Negative coordinates too, where truncating is not rounding down; vertices on
            // 1/64 pixels, some on whole and half pixels.
            let region = IntRect(x0: -70, y0: -50, x1: 110, y1: 90)
            let edges = Self.polygon(count: 5 + seed * 4, in: region, random: &random)
            let coverages = Self.levels.map { level -> [UInt32] in
                Compositor.useKernelLevelOnThisThread(level)
                defer { Compositor.useKernelLevelOnThisThread(nil) }
                let target = try! PixelBuffer(covering: region)
                Self.fill(edges, rule: .winding, antialias: true, region: region, colour: 0xFFFF_FFFF, over: target, fused: true)
                return Self.pixels(target)
            }
            for level in coverages.indices.dropFirst() {
                #expect(CompositorKernelTests.mismatch(coverages[level], coverages[0]) == nil, "level \(level), seed \(seed)")
            }
        }
    }

    /// Regions over 2,048 pixels wide share each summary bit among several words of marks.
    @Test(arguments: levels) func wideRegionsFillAlike(level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        var random = SeededRandom(seed: 7)
        let region = IntRect(x0: 0, y0: 0, x1: 9_000, y1: 24)
        let edges = Self.polygon(count: 60, in: region, random: &random)
        let expected = Self.destination(width: 9_000, height: 24, seed: 1)
        let actual = Self.destination(width: 9_000, height: 24, seed: 1)
        Self.fill(edges, rule: .winding, antialias: true, region: region, colour: 0xC060_3010, over: expected, fused: false)
        Self.fill(edges, rule: .winding, antialias: true, region: region, colour: 0xC060_3010, over: actual, fused: true)
        #expect(CompositorKernelTests.mismatch(Self.pixels(actual), Self.pixels(expected)) == nil)
        #expect(CompositorKernelTests.mismatch(Self.pixels(actual), Self.pixels(Self.destination(width: 9_000, height: 24, seed: 1))) != nil,
                "the polygon covers some pixels")
    }

    /// Each fill leaves the rasterizer's memory zeroed: a fill after others, in regions of
    /// other sizes, gives the bytes of the same fill by a new rasterizer.
    @Test func fillsLeaveNoTrace() {
        let rasterizer = CoverageRasterizer()
        var random = SeededRandom(seed: 3)
        for k in 0..<8 {
            let region = IntRect(x0: 0, y0: 0, x1: 40 + 37 * k, y1: 90 - 9 * k)
            let edges = Self.polygon(count: 12, in: region, random: &random)
            let fresh = try! PixelBuffer(width: region.x1, height: region.y1)
            let reused = try! PixelBuffer(width: region.x1, height: region.y1)
            Self.fill(edges, rule: .winding, antialias: true, region: region, colour: 0xFFFF_FFFF, over: fresh, fused: k % 2 == 0)
            Self.fill(edges, rule: .winding, antialias: true, region: region, colour: 0xFFFF_FFFF, over: reused, fused: k % 2 == 0,
                      rasterizer: rasterizer)
            #expect(CompositorKernelTests.mismatch(Self.pixels(reused), Self.pixels(fresh)) == nil, "fill \(k)")
        }
    }
}
