import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// `CGContext.drawInBands` replays a drawing once per band of rows on several threads. A
/// pixel's value may depend only on its position, so every band count gives the bytes
/// one context gives; these drawings touch each feature that could leak across a seam.
struct BandDrawingTests {
    static let width = 240, height = 200

    /// Paths, strokes, gradients, a turned picture, a path clip, a shadow and a
    /// transparency layer whose shadow comes from content on both sides of every seam.
    static func drawing(_ context: CGContext) {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<30 {
            let x = Double(rng.next() % 220), y = Double(rng.next() % 180)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: x + 0.3, y: y - 20.7))
            path.addCurve(to: CGPoint(x: x + 25.1, y: y + 9.4), control1: CGPoint(x: x + 30, y: y - 25), control2: CGPoint(x: x + 40, y: y))
            path.addCurve(to: CGPoint(x: x - 10.2, y: y + 15.5), control1: CGPoint(x: x + 10, y: y + 30), control2: CGPoint(x: x - 5, y: y + 20))
            path.closeSubpath()
            context.addPath(path)
            context.setFillColor(red: Double(rng.next() % 256) / 255, green: 0.4, blue: 0.7, alpha: 0.55)
            context.fillPath()
        }
        context.setStrokeColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
        context.setLineWidth(2.5)
        context.stroke(CGRect(x: 10.5, y: 12.25, width: 200, height: 170.5))
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1),
                                                             CGColor(red: 0, green: 0.3, blue: 0.8, alpha: 1)], locations: nil)!
        context.saveGState()
        context.clip(to: CGRect(x: 0, y: 0, width: 120, height: 200))
        context.drawLinearGradient(gradient, start: CGPoint(x: 3, y: 7), end: CGPoint(x: 110, y: 190), options: [])
        context.restoreGState()
        context.saveGState()
        context.addEllipse(in: CGRect(x: 130.3, y: 20.6, width: 100, height: 150))
        context.clip()
        context.translateBy(x: 180, y: 100)
        context.rotate(by: 0.3)
        context.draw(Self.picture, in: CGRect(x: -60, y: -45, width: 120, height: 90))
        context.restoreGState()
        context.setShadow(offset: CGSize(width: 4, height: 6), blur: 10, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.8))
        context.setFillColor(red: 0.9, green: 0.9, blue: 0.2, alpha: 1)
        context.fillEllipse(in: CGRect(x: 40.5, y: 80.5, width: 60, height: 45))
        context.setAlpha(0.7)
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.setFillColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
        context.fill(CGRect(x: 150, y: 60, width: 50, height: 80))
        context.drawRadialGradient(gradient, startCenter: CGPoint(x: 175, y: 100), startRadius: 2,
                                   endCenter: CGPoint(x: 175, y: 100), endRadius: 30, options: [])
        context.endTransparencyLayer()
    }

    static let picture: CGImage = try! CGContext.image(width: 24, height: 18) { c in
        for y in 0..<18 {
            for x in 0..<24 {
                c.setFillColor(red: Double(x) / 23, green: Double(y) / 17, blue: Double((x + y) % 2), alpha: 1)
                c.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
    }

    /// Shapes whose points all lie in one band but whose paint reaches into the next: a
    /// miter's tip, a hairline's miter tip, a square cap, a hairline, a stroke widened by the
    /// CTM and a shadow. (On 200 rows, six bands meet at rows 33, 66, 100, 133 and 166.)
    static func reachingDrawing(_ context: CGContext) {
        context.setStrokeColor(red: 0.8, green: 0.1, blue: 0.2, alpha: 1)
        context.setLineWidth(8)
        context.setLineJoin(.miter)
        context.setMiterLimit(20)
        context.move(to: CGPoint(x: 27, y: 199))
        context.addLine(to: CGPoint(x: 30, y: 175))
        context.addLine(to: CGPoint(x: 33, y: 199))
        context.strokePath()
        // A hairline turning by 165.6°: its miter, 8 times half its width, ends at row 101.5.
        context.setLineWidth(0)
        context.move(to: CGPoint(x: 177.48, y: 77.5))
        context.addLine(to: CGPoint(x: 180, y: 97.5))
        context.addLine(to: CGPoint(x: 182.52, y: 77.5))
        context.strokePath()
        context.setLineJoin(.bevel)
        context.setLineCap(.square)
        context.setLineWidth(10)
        context.strokeLineSegments(between: [CGPoint(x: 150, y: 146), CGPoint(x: 110, y: 106)])
        context.setLineCap(.butt)
        context.setLineWidth(0)
        context.strokeLineSegments(between: [CGPoint(x: 90, y: 66.3), CGPoint(x: 200, y: 66.3)])
        context.saveGState()
        context.scaleBy(x: 1, y: 3)
        context.setLineWidth(4)
        context.strokeLineSegments(between: [CGPoint(x: 100, y: 38.0 / 3), CGPoint(x: 200, y: 38.0 / 3)])
        context.restoreGState()
        context.setShadow(offset: CGSize(width: 0, height: 30), blur: 4, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.8))
        context.setFillColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        context.fill(CGRect(x: 10, y: 40, width: 60, height: 20))
    }

    func bytes(threads: Int, bands: Bool, drawing: (CGContext) -> Void = Self.drawing) throws -> [UInt8] {
        let context = try CGContext(width: Self.width, height: Self.height)
        context.maximumThreadCount = threads
        if bands { context.drawInBands(drawing) } else { drawing(context) }
        return try #require(context.makeImage()).withUnsafePremultipliedBytes { Array($0) }
    }

    @Test(arguments: [2, 3, 6])
    func bandsGiveTheBytesOfOneContext(threads: Int) throws {
        let one = try bytes(threads: 1, bands: false)
        #expect(one.contains { $0 != 0 })
        let banded = try bytes(threads: threads, bands: true)
        let differing = zip(one, banded).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ with \(threads) bands")
    }

    /// A band skips the shapes outside its rows, but not those whose paint reaches them.
    @Test(arguments: [2, 3, 6])
    func bandsDrawWhatReachesThemFromOutside(threads: Int) throws {
        let one = try bytes(threads: 1, bands: false, drawing: Self.reachingDrawing)
        let banded = try bytes(threads: threads, bands: true, drawing: Self.reachingDrawing)
        let differing = zip(one, banded).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ with \(threads) bands")
    }

    /// The drawing's state changes stay in the band contexts.
    @Test func theContextsStateIsUnchanged() throws {
        let context = try CGContext(width: 100, height: 100)
        context.maximumThreadCount = 2
        context.translateBy(x: 5, y: 7)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.drawInBands { band in
            band.scaleBy(x: 3, y: 3)
            band.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            band.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(context.ctm == CGAffineTransform(translationX: 5, y: 7))
        context.fill(CGRect(x: 40, y: 40, width: 10, height: 10))
        let image = try #require(context.makeImage())
        #expect(image.pixel(20, 20) == [0, 0, 255, 255])
        #expect(image.pixel(50, 50) == [255, 0, 0, 255])
        #expect(image.pixel(60, 60) == [0, 0, 0, 0])
    }

    /// Inside an open transparency layer the bands draw into the layer.
    @Test func bandsDrawIntoAnOpenTransparencyLayer() throws {
        let context = try CGContext(width: 80, height: 80)
        context.maximumThreadCount = 2
        context.setAlpha(0.5)
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.drawInBands { band in
            band.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            band.fill(CGRect(x: 0, y: 0, width: 80, height: 80))
        }
        context.endTransparencyLayer()
        let image = try #require(context.makeImage())
        #expect(image.pixel(10, 5) == [0, 128, 0, 128])
        #expect(image.pixel(70, 75) == [0, 128, 0, 128])
    }
}
