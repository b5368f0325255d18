import CFlipbookKernels
@testable import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// The shortcuts the rasterizer takes give the bits the general path gives: a clip to a
/// rectangle path on pixel edges, the sixteen-lane coverage product, destination in and
/// out looked up in a table, and a destination-in layer clearing what it did not draw.
struct RasterFastPathTests {
    @Test func rectanglePathsAreRecognised() {
        let rect = CGRect(x: 2, y: 3, width: 10, height: 5)
        #expect(CGPath(rect: rect, transform: nil).axisAlignedRectangle == rect)
        let drawn = CGMutablePath()
        drawn.move(to: CGPoint(x: 12, y: 3))
        drawn.addLine(to: CGPoint(x: 12, y: 8))
        drawn.addLine(to: CGPoint(x: 2, y: 8))
        drawn.addLine(to: CGPoint(x: 2, y: 3))
        drawn.addLine(to: CGPoint(x: 12, y: 3))
        #expect(drawn.axisAlignedRectangle == rect, "drawn the other way round, back at its start, unclosed")
        var turned = CGAffineTransform(rotationAngle: 0.3)
        #expect(CGPath(rect: rect, transform: &turned).axisAlignedRectangle == nil)
        #expect(CGPath(ellipseIn: rect, transform: nil).axisAlignedRectangle == nil)
        let two = CGMutablePath()
        two.addRect(rect)
        two.addRect(rect.offsetBy(dx: 20, dy: 0))
        #expect(two.axisAlignedRectangle == nil)
        let bent = CGMutablePath()
        bent.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 5, y: 5)])
        bent.closeSubpath()
        #expect(bent.axisAlignedRectangle == nil)
        // Curves whose control points lie on their ends (a Lottie path's square corners)
        // are lines; one control point off the line is a curve.
        func curved(_ off: CGFloat) -> CGPath {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 2, y: 3))
            path.addCurve(to: CGPoint(x: 12, y: 3), control1: CGPoint(x: 2, y: 3), control2: CGPoint(x: 12, y: 3 + off))
            path.addCurve(to: CGPoint(x: 12, y: 8), control1: CGPoint(x: 12, y: 3), control2: CGPoint(x: 12, y: 8))
            path.addQuadCurve(to: CGPoint(x: 2, y: 8), control: CGPoint(x: 2, y: 8))
            path.addCurve(to: CGPoint(x: 2, y: 3), control1: CGPoint(x: 2, y: 3), control2: CGPoint(x: 2, y: 8))
            path.closeSubpath()
            return path
        }
        #expect(curved(0).axisAlignedRectangle == rect)
        #expect(curved(1).axisAlignedRectangle == nil)
    }

    @Test func clippingToARectanglePathMatchesClippingToTheRectangle() throws {
        func draw(_ clip: (CGContext) -> Void) throws -> [UInt8] {
            let context = try CGContext(width: 40, height: 30)
            context.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
            clip(context)
            context.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7))
            context.fillEllipse(in: CGRect(x: 3, y: 2, width: 30, height: 25))
            return try #require(context.makeImage()).withUnsafePremultipliedBytes { Array($0) }
        }
        for rect in [CGRect(x: 5, y: 4, width: 20, height: 15), CGRect(x: 5.5, y: 4.25, width: 20, height: 15)] {
            let byRect = try draw { $0.clip(to: rect) }
            let byPath = try draw { $0.addPath(CGPath(rect: rect, transform: nil)); $0.clip() }
            #expect(byRect == byPath, "\(rect)")
        }
    }

    /// A rectangle off the pixel grid makes one of the rows wholly inside it and copies it
    /// to the others; every row is what rasterizing them all gives (the rectangle with a
    /// second one far off the context, which makes the path no rectangle). Rectangles of
    /// all sizes down to a sliver inside one row, partly off the context, inside a round
    /// clip, and seen through a flipped, scaled CTM.
    @Test func aRectangleOffThePixelGridClipsAsItsPathDoes() throws {
        func draw(_ rect: CGRect, ctm: CGAffineTransform, round: Bool, alone: Bool) throws -> [UInt8] {
            let context = try CGContext(width: 48, height: 40)
            context.concatenate(ctm)
            if round { context.addEllipse(in: CGRect(x: 2.5, y: 1.5, width: 40, height: 36)); context.clip() }
            context.clip(to: alone ? [rect] : [rect, CGRect(x: -900.5, y: -700.25, width: 3, height: 3)])
            context.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1))
            context.fill(CGRect(x: -100, y: -100, width: 300, height: 300))
            return try #require(context.makeImage()).withUnsafePremultipliedBytes { Array($0) }
        }
        var random = SeededRandom(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> CGFloat { random.uniform(0, 1) }
        let flipped = CGAffineTransform(a: 0.55, b: 0, c: 0, d: -0.55, tx: 3.3, ty: 38.9)
        var rects = [CGRect(x: 5.5, y: 4.25, width: 20, height: 15), CGRect(x: 3.2, y: 7.1, width: 30, height: 0.6),
                     CGRect(x: -4.7, y: -3.3, width: 30, height: 60), CGRect(x: 10.25, y: 9.75, width: 12, height: 1.5)]
        for _ in 0..<60 {
            rects.append(CGRect(x: next() * 50 - 5, y: next() * 44 - 4, width: next() * 40, height: next() * 36))
        }
        for rect in rects {
            for ctm in [CGAffineTransform.identity, flipped] {
                for round in [false, true] {
                    let alone = try draw(rect, ctm: ctm, round: round, alone: true)
                    #expect(alone == (try draw(rect, ctm: ctm, round: round, alone: false)), "\(rect) \(ctm) round \(round)")
                }
            }
        }
    }

    /// A rectangle off the pixel grid makes its mask only when a draw first reaches past
    /// the pixels it covers wholly (`DeferredClip`). Every picture is the one the mask made
    /// at once gives: each sequence is drawn clipping to the rectangles alone and with a
    /// second rectangle far off the context (no rectangle then, so the mask is made as the
    /// clip is set). The sequence draws inside the rectangles and across their edges, a
    /// gradient and an image over the whole clip, in saved states that make the mask and
    /// lose it again (one over a clip to pixel edges), through a clip nested inside, in
    /// transparency layers (one masking destination-in), with a shadow, after a round clip
    /// inside and across the rectangle; on one thread and in two bands that share the clip
    /// set before them.
    @Test func aRectangleClipMadeLateDrawsAsOneMadeAtOnce() throws {
        let far = CGRect(x: -900.5, y: -700.25, width: 3, height: 3)
        let pixels = try CGContext(width: 4, height: 4)
        pixels.setFillColor(CGColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.6))
        pixels.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        let image = try #require(pixels.makeImage())
        func sequence(_ c: CGContext, outer: CGRect, inner: CGRect, clip: (CGRect) -> Void) {
            let center = CGPoint(x: outer.midX, y: outer.midY)
            let dot = CGRect(x: center.x - 1, y: center.y - 1, width: 2, height: 2)
            c.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8))
            c.fillEllipse(in: dot)
            c.saveGState()
            // Made first over a clip to pixel edges, then over the clip without it.
            c.clip(to: CGRect(x: 9, y: 12, width: 20, height: 30).applying(c.ctm.inverted()))
            c.fill(CGRect(x: outer.minX - 4, y: center.y - 2, width: 8, height: 3))
            c.restoreGState()
            c.saveGState()
            c.addEllipse(in: outer.insetBy(dx: outer.width / 4, dy: -2))
            c.clip()
            c.fill(CGRect(x: -50, y: -50, width: 200, height: 200))
            c.restoreGState()
            c.saveGState()
            c.setStrokeColor(CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1))
            c.setLineWidth(1.5)
            c.strokeLineSegments(between: [center, CGPoint(x: outer.maxX + 3, y: outer.maxY + 2)])
            c.restoreGState()
            c.saveGState()
            c.fill(CGRect(x: outer.minX - 4, y: center.y, width: 8, height: 3))
            c.restoreGState()
            c.saveGState()
            clip(inner)
            c.fillEllipse(in: dot.insetBy(dx: -0.5, dy: -0.5))
            c.setFillColor(CGColor(red: 0.2, green: 0.9, blue: 0.9, alpha: 0.5))
            c.fill(CGRect(x: -50, y: -50, width: 200, height: 200))
            c.restoreGState()
            let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 0.4),
                                                                 CGColor(red: 0, green: 0, blue: 1, alpha: 0.9)],
                                      locations: [0, 1])!
            c.saveGState()
            c.setAlpha(0.3)
            c.drawLinearGradient(gradient, start: CGPoint(x: -10, y: 0), end: CGPoint(x: 60, y: 50), options: [])
            c.draw(image, in: CGRect(x: outer.minX - 2, y: outer.minY + 1, width: 9, height: 7))
            c.restoreGState()
            c.beginTransparencyLayer(auxiliaryInfo: nil)
            c.fillEllipse(in: dot.insetBy(dx: -3, dy: -3))
            c.setBlendMode(.destinationIn)
            c.beginTransparencyLayer(auxiliaryInfo: nil)
            c.fillEllipse(in: dot.insetBy(dx: -0.5, dy: -4))
            c.endTransparencyLayer()
            c.endTransparencyLayer()
            c.setShadow(offset: CGSize(width: 2, height: 1), blur: 2, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.7))
            c.fill(dot.offsetBy(dx: 0.5, dy: 0))
            c.setShadow(offset: .zero, blur: 0, color: nil)
            c.addEllipse(in: dot.insetBy(dx: -2, dy: -1))
            c.clip()
            c.fill(CGRect(x: -50, y: -50, width: 200, height: 200))
        }
        func draw(outer: CGRect, inner: CGRect, ctm: CGAffineTransform, bands: Bool, alone: Bool) throws -> [UInt8] {
            let context = try CGContext(width: 48, height: 72)
            context.maximumThreadCount = 2
            context.setFillColor(CGColor(gray: 0.5, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 48, height: 72))
            context.concatenate(ctm)
            context.clip(to: alone ? [outer] : [outer, far])
            if bands {
                context.drawInBands { band in sequence(band, outer: outer, inner: inner) { band.clip(to: alone ? [$0] : [$0, far]) } }
            } else {
                sequence(context, outer: outer, inner: inner) { context.clip(to: alone ? [$0] : [$0, far]) }
            }
            return try #require(context.makeImage()).withUnsafePremultipliedBytes { Array($0) }
        }
        var random = SeededRandom(seed: 0x2545_F491_4F6C_DD1D)
        func next() -> CGFloat { random.uniform(0, 1) }
        let flipped = CGAffineTransform(a: 0.55, b: 0, c: 0, d: -0.55, tx: 3.3, ty: 70.9)
        var pairs = [(CGRect(x: 5.5, y: 4.25, width: 30, height: 40), CGRect(x: 12.3, y: 14.6, width: 9.2, height: 8.9)),
                     (CGRect(x: 3.2, y: 7.1, width: 30, height: 0.6), CGRect(x: 3.5, y: 6, width: 10, height: 3)),
                     (CGRect(x: 10.25, y: 9.75, width: 0.5, height: 40), CGRect(x: 0.5, y: 0.5, width: 47, height: 71))]
        for _ in 0..<30 {
            let outer = CGRect(x: next() * 40 - 4, y: next() * 60 - 4, width: next() * 40, height: next() * 50)
            pairs.append((outer, CGRect(x: outer.minX + next() * 10, y: outer.minY + next() * 10, width: next() * 30, height: next() * 30)))
        }
        for (outer, inner) in pairs {
            for ctm in [CGAffineTransform.identity, flipped] {
                for bands in [false, true] {
                    let late = try draw(outer: outer, inner: inner, ctm: ctm, bands: bands, alone: true)
                    let early = try draw(outer: outer, inner: inner, ctm: ctm, bands: bands, alone: false)
                    #expect(late == early, "\(outer) \(inner) \(ctm) bands \(bands)")
                }
            }
        }
    }

    /// The clip's bounding box takes in a rectangle whose mask is not made yet: the pixels
    /// it touches, within those of the clip before it.
    @Test func aRectangleClipMadeLateHasItsBoundingBox() throws {
        let context = try CGContext(width: 48, height: 40)
        context.clip(to: CGRect(x: 5.5, y: 4.25, width: 30, height: 20))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 5, y: 4, width: 31, height: 21))
        context.clip(to: CGRect(x: 12.3, y: 14.6, width: 29.2, height: 8.9))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 12, y: 14, width: 24, height: 10))
        context.clip(to: CGRect(x: 40.5, y: 14.6, width: 2, height: 2))
        #expect(context.boundingBoxOfClipPath.isEmpty)
    }

    /// A clip's mask is written row by row without being cleared first: the columns
    /// between and around its runs and the rows with none are still closed. Three
    /// rectangles, two side by side and one below after an empty row, clip a red fill over
    /// blue, far enough apart to be runs of their own, many times over (so that the mask's
    /// memory has held other masks before).
    @Test func aClipIsClosedBetweenItsRuns() throws {
        for round in 0..<20 {
            let context = try CGContext(width: 64, height: 16)
            context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 64, height: 16))
            context.clip(to: [CGRect(x: 2.5, y: 2, width: 6, height: 4), CGRect(x: 40, y: 2.5, width: 6, height: 4),
                              CGRect(x: 2, y: 10.5, width: 50, height: 3)])
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 64, height: 16))
            let image = try #require(context.makeImage())
            let blue: [UInt8] = [0, 0, 255, 255], red: [UInt8] = [255, 0, 0, 255]
            for (x, y) in [(20, 4), (1, 4), (50, 4), (10, 8), (4, 8), (4, 15), (60, 11)] {
                #expect(image.pixel(x, y) == blue, "(\(x), \(y)) round \(round)")
            }
            #expect(image.pixel(5, 3) == red && image.pixel(43, 4) == red && image.pixel(30, 12) == red)
            #expect(image.pixel(2, 3) == [128, 0, 127, 255], "half of the first column")
        }
    }

    /// The clip's coverage products, at every instruction set the processor has.
    @Test(arguments: Array(0...Compositor.bestKernelLevel))
    func sixteenLaneProductsAreMul255(level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        var row = [UInt8](repeating: 0, count: 65536 + 7), other = row
        for a in 0..<256 { for b in 0..<256 { row[a * 256 + b] = UInt8(a); other[a * 256 + b] = UInt8(b) } }
        let expected = (0..<row.count).map { UInt8(mul255(UInt32(row[$0]), UInt32(other[$0]))) }
        row.withUnsafeMutableBufferPointer { r in
            other.withUnsafeBufferPointer { o in fb_multiply_coverage(r.baseAddress!, o.baseAddress!, r.count) }
        }
        #expect(row == expected)
    }

    @Test(arguments: [CGBlendMode.destinationIn, .destinationOut], Array(0...Compositor.bestKernelLevel))
    func destinationModesMatchTheirFormula(mode: CGBlendMode, level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        // Every source alpha against destinations whose channels run through 0…255 below
        // their alpha, mostly at full coverage (runs of one source alpha, eight at a time
        // where it keeps or clears), some pixels uncovered or partly covered: the float
        // formula d + (B(s, d) − d)·c/255, packed.
        var destinations: [PackedPixel] = [], sources: [PackedPixel] = [], coverage: [UInt8] = []
        for alpha in 0..<256 {
            for d in stride(from: 0, through: 255, by: 5) {
                let a = PackedPixel(max(d, 255 - d)), r = PackedPixel(d), g = PackedPixel(d / 2), b = PackedPixel(min(d * 2, Int(a)))
                destinations.append(r | g << 8 | b << 16 | a << 24)
                sources.append(PackedPixel(alpha) << 24 | 0x0010_2030 & (PackedPixel(alpha) * 0x0001_0101))
                let i = coverage.count
                coverage.append(i % 29 == 3 ? 0 : i % 13 == 5 ? UInt8(i % 254 + 1) : 255)
            }
        }
        let expected = zip(zip(sources, destinations), coverage).map { pair, c -> PackedPixel in
            guard c > 0 else { return pair.1 }
            let source = Color4(packed: pair.0), destination = Color4(packed: pair.1)
            let blended = mode == .destinationIn ? destination * source.w : destination * (1 - source.w)
            return (destination + (blended - destination) * (Float(c) / 255)).packed
        }
        var output = destinations
        sources.withUnsafeBufferPointer { s in
            output.withUnsafeMutableBufferPointer { o in
                Compositor.composite(o.baseAddress!, count: o.count, coverage: coverage, source: .pixels(s.baseAddress!), mode: mode)
            }
        }
        #expect(output == expected)
        // A solid source: each alpha over the destinations.
        for alpha in [0, 1, 128, 254, 255] as [PackedPixel] {
            var solid = destinations
            solid.withUnsafeMutableBufferPointer { o in
                Compositor.composite(o.baseAddress!, count: o.count, coverage: coverage, source: .solid(alpha << 24), mode: mode)
            }
            let expected = zip(destinations, coverage).map { d, c -> PackedPixel in
                guard c > 0 else { return d }
                let destination = Color4(packed: d), w = Float(alpha) / 255
                let blended = mode == .destinationIn ? destination * w : destination * (1 - w)
                return (destination + (blended - destination) * (Float(c) / 255)).packed
            }
            #expect(solid == expected, "alpha \(alpha)")
        }
    }

    @Test(arguments: [CGBlendMode.sourceIn, .sourceOut], Array(0...Compositor.bestKernelLevel))
    func sourceModesMatchTheirFormula(mode: CGBlendMode, level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        // Every source alpha over every destination alpha, each pair against three
        // destination colours in a row (the compositor works a run of one source over one
        // destination alpha out once), mostly at full coverage, some pixels uncovered or
        // partly covered: the float formula d + (B(s, d) − d)·c/255, packed.
        var destinations: [PackedPixel] = [], sources: [PackedPixel] = [], coverage: [UInt8] = []
        for sa in 0..<256 {
            let source = PackedPixel(sa) << 24 | PackedPixel(sa / 3) << 16 | PackedPixel(sa / 2) << 8 | PackedPixel(sa)
            for da in 0..<256 {
                for colour in [0, da / 2, da] {
                    destinations.append(PackedPixel(da) << 24 | PackedPixel(colour) << 16 | PackedPixel(da - colour) << 8 | PackedPixel(colour))
                    sources.append(source)
                    let i = coverage.count
                    coverage.append(i % 31 == 3 ? 0 : i % 17 == 5 ? UInt8(i % 254 + 1) : 255)
                }
            }
        }
        func formula(_ s: PackedPixel, _ d: PackedPixel, _ c: UInt8) -> PackedPixel {
            guard c > 0 else { return d }
            let source = Color4(packed: s), destination = Color4(packed: d)
            let blended = mode == .sourceIn ? source * destination.w : source * (1 - destination.w)
            return (destination + (blended - destination) * (Float(c) / 255)).packed
        }
        let expected = (0..<destinations.count).map { formula(sources[$0], destinations[$0], coverage[$0]) }
        var output = destinations
        sources.withUnsafeBufferPointer { s in
            output.withUnsafeMutableBufferPointer { o in
                Compositor.composite(o.baseAddress!, count: o.count, coverage: coverage, source: .pixels(s.baseAddress!), mode: mode)
            }
        }
        #expect(output == expected, "a row of source pixels")
        // One colour over a row: the same pixels as the formula for that colour.
        let solid = sources[200 * 768]
        var row = destinations
        row.withUnsafeMutableBufferPointer { o in
            Compositor.composite(o.baseAddress!, count: o.count, coverage: coverage, source: .solid(solid), mode: mode)
        }
        #expect(row == (0..<destinations.count).map { formula(solid, destinations[$0], coverage[$0]) }, "one colour")
    }

    @Test func aDestinationInLayerClearsWhatItDidNotDrawAsCompositingItWould() throws {
        // A mask drawn in a corner of a painted context: composited over only what it drew
        // (the rest cleared outright), or over everything (a transparent rectangle across
        // the context makes all of it drawn).
        func masked(coveringAll: Bool) throws -> [UInt8] {
            let context = try CGContext(width: 40, height: 30)
            context.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8))
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
            context.setBlendMode(.destinationIn)
            context.beginTransparencyLayer(auxiliaryInfo: nil)
            if coveringAll {
                context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
                context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
            }
            context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0.6))
            context.fillEllipse(in: CGRect(x: 3.5, y: 2.25, width: 12, height: 9))
            context.endTransparencyLayer()
            return try #require(context.makeImage()).withUnsafePremultipliedBytes { Array($0) }
        }
        let shortcut = try masked(coveringAll: false)
        #expect(shortcut == (try masked(coveringAll: true)))
        #expect(shortcut[(20 * 40 + 30) * 4 + 3] == 0, "cleared outside the mask")
        #expect(shortcut[(6 * 40 + 9) * 4 + 3] == 122, "0.8 × 0.6 inside it")
    }
}
