@testable import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Properties of exact-area coverage: the alpha a filled shape leaves sums to its area.
struct RasterPropertyTests {
    func fill(_ path: CGPath, width: Int = 200, height: Int = 200, rule: CGPathFillRule = .winding) throws -> CGImage {
        let context = try CGContext(width: width, height: height)
        context.addPath(path)
        context.fillPath(using: rule)
        return context.makeImage()!
    }

    func expectArea(_ image: CGImage, _ area: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let relative = abs(image.totalCoverage - area) / area
        #expect(relative < 0.001, "coverage \(image.totalCoverage) vs area \(area) (\(relative * 100) %)",
                sourceLocation: sourceLocation)
    }

    /// A circle's chords lie inside it, each cutting off at most ⅔·tolerance·length, so its
    /// coverage lies between its area less ⅔·tolerance·perimeter and its area (within 0.1 %).
    @Test(arguments: [(100.3, 99.7, 80.0), (50.5, 50.5, 30.25), (120, 80, 45.6), (100, 100, 3.3)])
    func circleCoverageIsItsAreaLessItsChords(cx: Double, cy: Double, r: Double) throws {
        let image = try fill(CGPath(ellipseIn: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r), transform: nil))
        let area = Double.pi * r * r
        let chordLoss = 2.0 / 3 * Double(flatteningTolerance) * 2 * Double.pi * r
        let coverage = image.totalCoverage
        #expect(coverage <= area * 1.001, "coverage \(coverage) vs area \(area)")
        #expect(coverage >= (area - chordLoss) * 0.999, "coverage \(coverage) vs area \(area) less chords \(chordLoss)")
    }

    @Test(arguments: 0..<5)
    func polygonCoverageIsItsShoelaceArea(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed))
        let n = 5 + Int(rng.next() % 20)
        var points: [CGPoint] = []
        for i in 0..<n {
            let angle = Double(i) / Double(n) * 2 * .pi
            let r = 30 + Double(rng.next() % 60)
            points.append(CGPoint(x: 100.37 + r * cos(angle), y: 99.81 + r * sin(angle)))
        }
        let path = CGMutablePath()
        path.addLines(between: points)
        path.closeSubpath()
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % n]
            area += a.x * b.y - b.x * a.y
        }
        expectArea(try fill(path), abs(area) / 2)
    }

    @Test(arguments: 0..<5)
    func bezierBlobCoverageIsItsArea(seed: Int) throws {
        // A star-shaped closed curve of cubic segments whose control points follow the
        // tangents of a smooth radius function, so it never crosses itself.
        var rng = SeededRandom(seed: UInt64(seed) + 100)
        let n = 6
        let radii = (0..<n).map { _ in 40 + Double(rng.next() % 40) }
        func point(_ i: Int) -> CGPoint {
            let a = Double(i) / Double(n) * 2 * .pi
            return CGPoint(x: 100 + radii[i % n] * cos(a), y: 100 + radii[i % n] * sin(a))
        }
        func tangent(_ i: Int) -> CGPoint {
            let a = Double(i) / Double(n) * 2 * .pi
            let k = radii[i % n] * 4 / 3 * tan(.pi / Double(2 * n))
            return CGPoint(x: -sin(a) * k, y: cos(a) * k)
        }
        let path = CGMutablePath()
        path.move(to: point(0))
        var segments: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        for i in 0..<n {
            let p0 = point(i), p3 = point(i + 1), t0 = tangent(i), t1 = tangent(i + 1)
            let c1 = CGPoint(x: p0.x + t0.x, y: p0.y + t0.y), c2 = CGPoint(x: p3.x - t1.x, y: p3.y - t1.y)
            path.addCurve(to: p3, control1: c1, control2: c2)
            segments.append((p0, c1, c2, p3))
        }
        path.closeSubpath()
        // Green's theorem, integrated numerically far finer than the rasterizer flattens.
        var area = 0.0
        for (p0, c1, c2, p3) in segments {
            let steps = 20_000
            var previous = p0
            for k in 1...steps {
                let t = Double(k) / Double(steps), s = 1 - t
                let p = CGPoint(x: s * s * s * p0.x + 3 * s * s * t * c1.x + 3 * s * t * t * c2.x + t * t * t * p3.x,
                                y: s * s * s * p0.y + 3 * s * s * t * c1.y + 3 * s * t * t * c2.y + t * t * t * p3.y)
                area += previous.x * p.y - p.x * previous.y
                previous = p
            }
        }
        expectArea(try fill(path), abs(area) / 2)
    }

    @Test func evenOddHoleHasNoCoverage() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10.5, y: 10.5, width: 100, height: 100))
        path.addRect(CGRect(x: 30.25, y: 30.25, width: 50, height: 50))
        expectArea(try fill(path, rule: .evenOdd), 100 * 100 - 50 * 50)
        expectArea(try fill(path, rule: .winding), 100 * 100)
    }

    @Test func subpathsSharingAnEdgeLeaveNoSeam() throws {
        // Two triangles split a square along a diagonal; every pixel inside is fully covered.
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 10, y: 10), CGPoint(x: 190, y: 10), CGPoint(x: 190, y: 190)])
        path.closeSubpath()
        path.addLines(between: [CGPoint(x: 10, y: 10), CGPoint(x: 190, y: 190), CGPoint(x: 10, y: 190)])
        path.closeSubpath()
        let image = try fill(path)
        for y in 10..<190 { for x in 10..<190 { #expect(image.pixel(x, y)[3] == 255) } }
        expectArea(image, 180 * 180)
    }

    @Test func strokedPolylineHasNoSeamsBetweenSegments() throws {
        // A stroke is many pieces filled together: a wide zig-zag must be solid along its spine.
        let context = try CGContext(width: 200, height: 100)
        context.setLineWidth(12)
        context.addLines(between: [CGPoint(x: 10, y: 50), CGPoint(x: 60, y: 20), CGPoint(x: 110, y: 80), CGPoint(x: 190, y: 30)])
        context.strokePath()
        let image = context.makeImage()!
        for t in stride(from: 0.0, through: 1.0, by: 0.01) {
            let p = CGPoint(x: 60 + 50 * t, y: 20 + 60 * t)
            #expect(image.pixel(Int(p.x), Int(p.y))[3] == 255)
        }
    }

    /// Strokes of curves: the annulus of a stroked circle, and a butt-capped half circle,
    /// whose many short segments meet at round joins; partial pixels must not count twice.
    @Test(arguments: [(3.0, 60.0), (2.0, 37.5), (9.5, 70.25)])
    func strokedCircleCoverageIsItsAnnulus(lineWidth: Double, radius: Double) throws {
        let context = try CGContext(width: 200, height: 200)
        context.setLineWidth(lineWidth)
        context.addEllipse(in: CGRect(x: 100.3 - radius, y: 99.6 - radius, width: 2 * radius, height: 2 * radius))
        context.strokePath()
        expectArea(context.makeImage()!, 2 * .pi * radius * lineWidth)

        let half = try CGContext(width: 200, height: 200)
        half.setLineWidth(lineWidth)
        half.addArc(center: CGPoint(x: 100.3, y: 99.6), radius: radius, startAngle: 0, endAngle: .pi, clockwise: false)
        half.strokePath()
        expectArea(half.makeImage()!, .pi * radius * lineWidth)
    }

    @Test func areaOfARectangleAtFractionalPositions() throws {
        for offset in [0.0, 0.1, 0.25, 0.5, 0.77] {
            let image = try fill(CGPath(rect: CGRect(x: 20 + offset, y: 30 + offset / 2, width: 33.3, height: 12.6), transform: nil))
            expectArea(image, 33.3 * 12.6)
        }
    }

    /// A scene large enough to be split into bands, rendered with 1, 2 and 5 threads.
    @Test func outputIsIdenticalForAnyThreadCount() throws {
        func render(threads: Int) throws -> [UInt8] {
            let context = try CGContext(width: 900, height: 700)
            context.maximumThreadCount = threads
            var rng = SeededRandom(seed: 7)
            for _ in 0..<40 {
                let x = Double(rng.next() % 800), y = Double(rng.next() % 600)
                context.setFillColor(red: Double(rng.next() % 255) / 255, green: 0.5, blue: 0.3, alpha: 0.6)
                context.fillEllipse(in: CGRect(x: x - 100, y: y - 100, width: 300, height: 260))
            }
            let gradient = CGGradient(colorsSpace: nil, colors: [CGColor.white, CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)], locations: nil)!
            context.setShadow(offset: CGSize(width: 5, height: 5), blur: 8, color: CGColor.black)
            context.drawRadialGradient(gradient, startCenter: CGPoint(x: 450, y: 350), startRadius: 10,
                                       endCenter: CGPoint(x: 450, y: 350), endRadius: 300, options: [])
            return context.makeImage()!.withUnsafePremultipliedBytes { Array($0) }
        }
        let one = try render(threads: 1)
        #expect(try render(threads: 2) == one)
        #expect(try render(threads: 5) == one)
    }

    /// A shadow's edge follows the Gaussian's integral: across the edge of a wide opaque
    /// rectangle with blur 16 (σ = 8 px), alpha is 255·Φ(x / σ) within 4 levels, however
    /// the blur is computed. The shape lies off the canvas: its shadow still falls on it.
    @Test func shadowEdgeFollowsGaussian() throws {
        let context = try CGContext(width: 200, height: 60)
        // The rectangle itself is drawn off-canvas to the left; only its shadow shows.
        context.setShadow(offset: CGSize(width: 100, height: 0), blur: 16, color: CGColor.black)
        context.fill(CGRect(x: -300, y: -100, width: 300, height: 260))
        let image = context.makeImage()!
        for x in stride(from: 76, through: 124, by: 4) {
            let distance = Double(100 - x) - 0.5
            let expected = 255 * 0.5 * erfc(-distance / (8 * 2.0.squareRoot()))
            #expect(abs(Double(image.pixel(x, 30)[3]) - expected) <= 4, "x = \(x): \(image.pixel(x, 30)[3]) vs \(expected)")
        }
    }

    /// A path that outlines a rectangle on pixel edges is filled as whole pixels, whatever
    /// the direction, rule, colour, blend mode or clip: the bytes of the same outline with a
    /// fifth, collinear point, which the coverage rasterizer fills.
    @Test(arguments: ["across", "down", "evenOdd", "translucent", "multiply", "clipped", "fullRows", "offCanvas", "opaque"])
    func pixelAlignedRectanglesFillAsTheirOutlines(_ variant: String) throws {
        func render(extraPoint: Bool) throws -> [UInt8] {
            let context = try CGContext(width: 64, height: 40)
            let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8),
                                                                 CGColor(red: 0, green: 0.3, blue: 0.8, alpha: 0.4)], locations: nil)!
            context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 64, y: 40), options: [])
            var rect = CGRect(x: 7, y: 5, width: 30, height: 22)
            if variant == "fullRows" { rect = CGRect(x: 0, y: 6, width: 64, height: 20) }
            if variant == "offCanvas" { rect = CGRect(x: -10, y: 30, width: 90, height: 30) }
            context.setFillColor(red: 0.2, green: 0.6, blue: 0.9, alpha: variant == "translucent" ? 0.45 : variant == "opaque" ? 1 : 0.8)
            if variant == "multiply" { context.setBlendMode(.multiply) }
            if variant == "clipped" { context.addEllipse(in: CGRect(x: 10, y: 2, width: 30, height: 30)); context.clip() }
            context.translateBy(x: 2, y: 1)
            var corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
            if variant == "down" { corners.reverse() }
            if extraPoint { corners.insert(CGPoint(x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2), at: 1) }
            context.addLines(between: corners)
            context.closePath()
            context.fillPath(using: variant == "evenOdd" ? .evenOdd : .winding)
            return context.makeImage()!.withUnsafePremultipliedBytes { Array($0) }
        }
        let whole = try render(extraPoint: false), outlined = try render(extraPoint: true)
        #expect(whole == outlined)
        #expect(whole != (try CGContext(width: 64, height: 40)).makeImage()!.withUnsafePremultipliedBytes { Array($0) })
    }
}
