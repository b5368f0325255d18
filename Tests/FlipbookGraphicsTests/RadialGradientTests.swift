@testable import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// A two-circle radial gradient paints each point p with the colour at the largest t whose
/// circle — centre c0 + t·(c1 − c0), radius r0 + t·(r1 − r0) ≥ 0 — passes through p
/// (Core Graphics' `drawRadialGradient`; the PDF and canvas specifications' radial
/// shading). Expected values solved by hand for each case below, at pixel centres.
struct RadialGradientTests {
    static let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                CGColor(red: 0, green: 1, blue: 0.5, alpha: 1),
                                                                CGColor(red: 0, green: 0, blue: 1, alpha: 1)], locations: nil)!

    /// The premultiplied RGBA bytes of the gradient's table entry for `t` and its
    /// neighbours (a hand-solved t on a step's edge may land either side).
    func colours(near t: Double) -> [[UInt8]] {
        let index = CGGradient.tableIndex(Float(t))
        return [index - 1, index, index + 1].filter { (0..<1024).contains($0) }.map { i in
            let p = Self.gradient.table[i]
            return [UInt8(p & 255), UInt8(p >> 8 & 255), UInt8(p >> 16 & 255), UInt8(p >> 24)]
        }
    }

    /// One case: the circles, the options, and pixels with the t solved for their centres
    /// (nil: nothing painted).
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let start: CGPoint, startRadius: Double, end: CGPoint, endRadius: Double
        let extended: Bool
        let pixels: [(x: Int, y: Int, t: Double?)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Concentric, r 10 → 50 about (60.5, 40.5): t = (d − 10) / 40 for the centre's distance d.
        Case(name: "concentric", start: CGPoint(x: 60.5, y: 40.5), startRadius: 10, end: CGPoint(x: 60.5, y: 40.5),
             endRadius: 50, extended: false,
             pixels: [(60, 40, nil), (65, 40, nil), (71, 40, 1 / 40.0), (80, 40, 0.25), (60, 70, 0.5), (90, 40, 0.5),
                      (36, 8, (40 - 10) / 40.0), (99, 40, (39 - 10) / 40.0), (60, 91, nil), (111, 40, nil)]),
        // The same, extended: inside the start circle t < 0 paints the first colour, beyond
        // the end circle the last.
        Case(name: "concentric, extended", start: CGPoint(x: 60.5, y: 40.5), startRadius: 10,
             end: CGPoint(x: 60.5, y: 40.5), endRadius: 50, extended: true,
             pixels: [(60, 40, 0), (65, 40, 0), (80, 40, 0.25), (111, 40, 1), (0, 0, 1)]),
        // A focus at (40.5, 40.5), radius 0, inside the circle about (60.5, 40.5) of
        // radius 40: along the row through both, |x − 40.5 − 20t| = 40t, so t = (x − 40.5)/60
        // towards the right and (40.5 − x)/20 towards the left.
        Case(name: "focal", start: CGPoint(x: 40.5, y: 40.5), startRadius: 0, end: CGPoint(x: 60.5, y: 40.5),
             endRadius: 40, extended: false,
             pixels: [(40, 40, 0), (70, 40, 0.5), (94, 40, 54 / 60.0), (30, 40, 0.5), (21, 40, 19 / 20.0),
                      (19, 40, nil), (101, 40, nil),
                      // Straight above the focus: (20t)² + 30² = (40t)², t = 30/√1200.
                      (40, 10, 30 / 1200.squareRoot())]),
        // A point start on the end circle (|c1 − c0| = r1 − r0, so a = 0): one root per
        // point, t = |p − c0|² / 2(p − c0)·(c1 − c0). Along the row through the centres,
        // p − c0 = (u, 0) gives t = u / 60: painted right of the start, not left of it (t < 0),
        // and not straight below it (no circle passes there).
        Case(name: "touching", start: CGPoint(x: 40.5, y: 40.5), startRadius: 0, end: CGPoint(x: 70.5, y: 40.5),
             endRadius: 30, extended: false,
             pixels: [(70, 40, 0.5), (100, 40, 1), (52, 40, 0.2), (30, 40, nil), (40, 60, nil)]),
        // A point outside the end circle (a cone): the end circle about (100.5, 40.5),
        // radius 20, from (20.5, 40.5). Along the row, |u − 80t| = 20t for u = x + 0.5 − 20.5
        // has the roots u/100 and u/60: the larger one in 0…1 paints, so at u = 90 the
        // circle of t = 1.5 lies beyond the end and t = 0.9 shows (pixman's and the PDF's
        // radial shading); off the cone nothing.
        Case(name: "cone", start: CGPoint(x: 20.5, y: 40.5), startRadius: 0, end: CGPoint(x: 100.5, y: 40.5),
             endRadius: 20, extended: false,
             pixels: [(50, 40, 0.5), (80, 40, 1), (110, 40, 0.9), (10, 40, nil), (50, 0, nil)]),
    ]

    @Test(arguments: cases)
    func pixelsHaveTheColourOfTheirCircle(_ c: Case) throws {
        let context = try CGContext(width: 130, height: 100)
        context.drawRadialGradient(Self.gradient, startCenter: c.start, startRadius: c.startRadius, endCenter: c.end,
                                   endRadius: c.endRadius,
                                   options: c.extended ? [.drawsBeforeStartLocation, .drawsAfterEndLocation] : [])
        let image = try #require(context.makeImage())
        for (x, y, t) in c.pixels {
            let got = image.pixel(x, y)
            if let t {
                #expect(colours(near: t).contains(got), "(\(x), \(y)): t \(t), got \(got)")
            } else {
                #expect(got == [0, 0, 0, 0], "(\(x), \(y)): nothing painted, got \(got)")
            }
        }
    }

    /// Every instruction set the processor has paints the same pixels, and a row shaded at
    /// once equals its pixels shaded one at a time, whatever the circles, the transform and
    /// the options.
    @Test(arguments: [CGGradientDrawingOptions(), [.drawsBeforeStartLocation, .drawsAfterEndLocation]])
    func levelsAndRunsAgree(options: CGGradientDrawingOptions) {
        let ctm = CGAffineTransform(translationX: 7, y: 3).rotated(by: 0.3).scaledBy(x: 1.5, y: 0.8)
        let circles: [(CGPoint, Double, CGPoint, Double)] = [
            (CGPoint(x: 50, y: 40), 5, CGPoint(x: 60, y: 45), 60), (CGPoint(x: 10, y: 10), 0, CGPoint(x: 120, y: 70), 30),
            (CGPoint(x: 40, y: 40), 0, CGPoint(x: 70, y: 40), 30), (CGPoint(x: 80, y: 20), 40, CGPoint(x: 30, y: 60), 4),
        ]
        for (start, r0, end, r1) in circles {
            let shader = RadialGradientShader(gradient: Self.gradient, startCenter: start, startRadius: r0, endCenter: end,
                                              endRadius: r1, ctm: ctm, options: options)
            var painted = 0
            for y in [0, 19, 47, 80] {
                var rows: [[UInt32]] = [], coverages: [[UInt8]] = []
                for level in 0...Compositor.bestKernelLevel {
                    Compositor.useKernelLevelOnThisThread(level)
                    var row = [UInt32](repeating: 7, count: 150), coverage = [UInt8](repeating: 255, count: 150)
                    shader.shade(y: y, x: 0, count: 150, into: &row, coverage: &coverage)
                    rows.append(row)
                    coverages.append(coverage)
                    for x in 0..<150 { shader.shade(y: y, x: x, count: 1, into: &row[x], coverage: &coverage[x]) }
                    rows.append(row)
                    coverages.append(coverage)
                }
                Compositor.useKernelLevelOnThisThread(nil)
                #expect(Set(rows).count == 1, "\(start) \(r0) \(end) \(r1) row \(y)")
                #expect(Set(coverages).count == 1)
                painted += coverages[0].count { $0 == 255 }
            }
            #expect(painted > 0, "\(start) \(r0) \(end) \(r1) paints somewhere")
        }
    }
}
