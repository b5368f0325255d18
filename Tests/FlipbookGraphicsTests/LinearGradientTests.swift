import CFlipbookKernels
@testable import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// An axial gradient's pixel is the gradient's colour at t = (p − start)·(end − start) /
/// |end − start|², p the pixel centre in user space. Painting the whole canvas (straight
/// into the pixels) and painting it through a soft clip (composited) give those colours.
struct LinearGradientTests {
    static let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                CGColor(red: 0, green: 1, blue: 0.5, alpha: 1),
                                                                CGColor(red: 0, green: 0, blue: 1, alpha: 1)], locations: nil)!

    /// The gradient drawn along x over 1,024 pixels: column i has t = (i + 0.5)/1024.
    static let strip: CGImage = try! CGContext.image(width: 1024, height: 1) { strip in
        strip.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 1024, y: 0), options: [])
    }

    /// The colour at `t`, from the strip.
    func expected(_ t: Double) throws -> [UInt8] {
        Self.strip.pixel(min(max(Int((t * 1023).rounded()), 0), 1023), 0)
    }

    @Test(arguments: [(CGPoint(x: 3, y: 5), CGPoint(x: 190, y: 120), 0.0),
                      (CGPoint(x: 180, y: 10), CGPoint(x: 20, y: 150), 0.4),
                      (CGPoint(x: 0, y: 160), CGPoint(x: 0, y: 0), -1.1)])
    func everyPixelHasItsColour(start: CGPoint, end: CGPoint, angle: Double) throws {
        let width = 200, height = 160
        let context = try CGContext(width: width, height: height)
        let ctm = CGAffineTransform(translationX: 100, y: 80).rotated(by: angle).translatedBy(x: -100, y: -80)
        context.concatenate(ctm)
        context.drawLinearGradient(Self.gradient, start: start, end: end,
                                   options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        let image = try #require(context.makeImage())
        let delta = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let length2 = delta.x * delta.x + delta.y * delta.y
        var mismatches = 0
        for y in stride(from: 0, to: height, by: 7) {
            for x in stride(from: 0, to: width, by: 5) {
                let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(ctm.inverted())
                let t = ((p.x - start.x) * delta.x + (p.y - start.y) * delta.y) / length2
                let want = try expected(min(max(t, 0), 1)), got = image.pixel(x, y)
                // One table step apart at most, where t lies on a step's edge.
                if zip(want, got).contains(where: { abs(Int($0) - Int($1)) > 2 }) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Without the extension options nothing is painted beyond the ends, and through a
    /// half-covering clip the colour is composited at half coverage.
    /// Ends that meet paint the start colour everywhere (extended both ways), and so do
    /// ends apart by rounding alone — a millionth of a pixel or less on screen, here seen
    /// through a gradient layer's unit square 300 pixels wide — rather than half the
    /// canvas in each end colour, split along a direction the rounding chose. Ends a
    /// thousandth of a pixel apart still make a gradient.
    @Test func endsThatMeetPaintTheStartColour() throws {
        func draw(_ gap: CGFloat) throws -> CGImage {
            let context = try CGContext(width: 40, height: 30)
            context.scaleBy(x: 300, y: 300)
            context.drawLinearGradient(Self.gradient, start: CGPoint(x: 0.05, y: 0.05), end: CGPoint(x: 0.05 + gap, y: 0.05),
                                       options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            return try #require(context.makeImage())
        }
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        for gap in [0, 1e-17, 2e-9] as [CGFloat] {
            let image = try draw(gap)
            #expect(image.pixel(2, 15) == red && image.pixel(37, 15) == red, "gap \(gap)")
        }
        let apart = try draw(1e-3 / 300)
        #expect(apart.pixel(2, 15) == red && apart.pixel(37, 15) == blue)
    }

    @Test func endsAndSoftClipsBoundThePaint() throws {
        let context = try CGContext(width: 100, height: 10)
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 10))
        context.clip(to: CGRect(x: 0, y: 0, width: 100, height: 5.5))
        context.drawLinearGradient(Self.gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        let image = try #require(context.makeImage())
        #expect(image.pixel(10, 2) == [255, 255, 255, 255])
        #expect(image.pixel(90, 2) == [255, 255, 255, 255])
        #expect(try image.pixel(20, 2) == expected(0.5 / 60))
        #expect(image.pixel(50, 8) == [255, 255, 255, 255])
        let full = image.pixel(50, 2), half = image.pixel(50, 5)
        for channel in 0..<3 {
            let mixed = (Int(full[channel]) + 255 + 1) / 2
            #expect(abs(Int(half[channel]) - mixed) <= 1, "channel \(channel): \(half) vs \(full)")
        }
    }

    /// A pixel's colour does not depend on the run it is shaded in: a whole row equals its
    /// pixels shaded one at a time, where every index is inside the table (one add a pixel),
    /// where the extended ends clamp it, and where the unextended ends paint nothing.
    @Test(arguments: [CGGradientDrawingOptions(), [.drawsBeforeStartLocation, .drawsAfterEndLocation]])
    func aRowEqualsItsPixelsShadedAlone(options: CGGradientDrawingOptions) {
        let ctm = CGAffineTransform(translationX: 3, y: 2).rotated(by: 0.2)
        for (start, end) in [(CGPoint(x: -50, y: 0), CGPoint(x: 400, y: 90)), (CGPoint(x: 60, y: 10), CGPoint(x: 140, y: 30))] {
            let shader = LinearGradientShader(gradient: Self.gradient, start: start, end: end, ctm: ctm, options: options)
            for y in [0, 17, 40] {
                var row = [UInt32](repeating: 0, count: 200), alone = row
                var rowCoverage = [UInt8](repeating: 255, count: 200), aloneCoverage = rowCoverage
                shader.shade(y: y, x: 0, count: 200, into: &row, coverage: &rowCoverage)
                for x in 0..<200 { shader.shade(y: y, x: x, count: 1, into: &alone[x], coverage: &aloneCoverage[x]) }
                #expect(row == alone, "start \(start) row \(y)")
                #expect(rowCoverage == aloneCoverage)
            }
        }
    }

    /// Fixed point rounds half away from zero, as `rounded()` (the schoolbook rule Swift
    /// documents for `.toNearestOrAwayFromZero`) does: ties go outwards, not to even, on
    /// both sides of zero, and values too large to have a fraction stay as they are.
    @Test func fixedPointRoundsHalfAwayFromZero() {
        let unit = 0x1p-32
        let table: [(Double, Int64)] = [(0, 0), (0.5 * unit, 1), (-0.5 * unit, -1), (1.5 * unit, 2), (-1.5 * unit, -2),
                                        (2.5 * unit, 3), (-2.5 * unit, -3), (0.49999 * unit, 0), (-0.49999 * unit, 0),
                                        (3, 3 << 32), (-7.25, -29 << 30), (0x1p29, 1 << 61),
                                        (-0x1p29, -(1 << 61)), (0x1p21 + 0.5, (1 << 53) + (1 << 31))]
        for (value, expected) in table { #expect(LinearGradientShader.fixed(value) == expected, "\(value)") }
        var random = SeededRandom(seed: 4)
        for _ in 0..<2_000 {
            let value = (Double(random.next() % (1 << 40)) / 0x1p40 - 0.5) * 0x1p30 * pow(2, -Double(random.next() % 60))
            #expect(LinearGradientShader.fixed(value) == Int64((value * 0x1p32).rounded()), "\(value)")
        }
    }

    /// The table kernel looks up the entry each index names, forwards and backwards, at
    /// every instruction set this processor has (eight at a time with AVX2's gathers), and
    /// indices past either end take that end's entry.
    @Test(arguments: Array(0...Compositor.bestKernelLevel))
    func tableRowsLookUpEveryIndex(level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        var random = SeededRandom(seed: 12)
        let table = (0..<1024).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        var clamped = 0
        for _ in 0..<300 {
            let count = Int(random.next() % 70) + 1
            let first = (Int64(random.next() % 1400) - 200) << 32 | Int64(random.next() % (1 << 32))
            let last = (Int64(random.next() % 1400) - 200) << 32
            let step = count > 1 ? (last - first) / Int64(count - 1) : 0
            var row = [UInt32](repeating: 0, count: count)
            fb_table_row(&row, table, table.count, first, step, count)
            let indices = (0..<count).map { Int((first + step * Int64($0)) >> 32) }
            clamped += indices.count { !(0..<1024).contains($0) }
            let expected = indices.map { table[min(max($0, 0), 1023)] }
            #expect(CompositorKernelTests.mismatch(row, expected) == nil, "first \(first) step \(step) count \(count)")
        }
        #expect(clamped > 100)
    }
}
