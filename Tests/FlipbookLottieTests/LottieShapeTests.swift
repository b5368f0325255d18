import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// Stars, polygons and trim paths (`Fixtures/stars.json`) where lottie-spec puts them.
@MainActor
@Suite(.serialized) struct LottieShapeTests {
    static func animation() throws -> LottieAnimation {
        try LottieFixture.animation("stars")
    }

    @Test func aStarsPointsAlternateFromStraightUp() {
        // Five points of radius 40 and 16 about (0, 0), the first straight up.
        let star = LottiePolystar.path(points: 5, centre: .zero, rotation: 0, outerRadius: 40, outerRoundness: 0,
                                       innerRadius: 16, innerRoundness: 0, star: true, clockwise: true)
        var ends: [CGPoint] = []
        star.applyWithBlock { element in
            let e = element.pointee
            if e.type == .moveToPoint { ends.append(e.points[0]) }
            if e.type == .addCurveToPoint { ends.append(e.points[2]) }
        }
        #expect(ends.count == 11)
        let expected = (0..<10).map { i -> CGPoint in
            let angle = -Double.pi / 2 + Double(i) * .pi / 5, radius = i % 2 == 0 ? 40.0 : 16.0
            return CGPoint(x: radius * cos(angle), y: radius * sin(angle))
        }
        for (end, wanted) in zip(ends, expected) { #expect(hypot(end.x - wanted.x, end.y - wanted.y) < 1e-9) }
        #expect(abs(ends[1].x - 16 * cos(-Double.pi / 2 + .pi / 5)) < 1e-9 && ends[1].x > 0, "clockwise: the second point to the right")
        let hexagon = LottiePolystar.path(points: 6, centre: CGPoint(x: 10, y: 10), rotation: 30, outerRadius: 10, outerRoundness: 0,
                                          innerRadius: 0, innerRoundness: 0, star: false, clockwise: true)
        #expect(hexagon.boundingBoxOfPath.insetBy(dx: -1e-9, dy: -1e-9).contains(CGRect(x: 0, y: 1.4, width: 20, height: 17.2)))
    }

    @Test func aTrimCutsTheStrokeAndTheFillOfItsPaths() throws {
        let animation = try Self.animation()
        // The ring: radius 30 about (150, 50), stroked from the top clockwise; at frame 10
        // the trim keeps half of it: the right side (x 180 at y 50) but not the left. The
        // layer's green fill, listed after the ring's group, paints the ring's trimmed path
        // too: a half disc. ThorVG 1.0 draws the same pixels (its green 76, 178, 76 is
        // 0.3 · 255 rounded down where Flipbook rounds to nearest).
        let half = try LottieLayerTreeTests.render(animation, frame: 10)
        let blue: [UInt8] = [51, 102, 230, 255], green: [UInt8] = [77, 179, 77, 255], clear: [UInt8] = [0, 0, 0, 0]
        #expect(half.pixel(180, 50) == blue && half.pixel(120, 50) == clear)
        #expect(half.pixel(165, 50) == green && half.pixel(135, 35) == clear && half.pixel(128, 50) == clear)
        let whole = try LottieLayerTreeTests.render(animation, frame: 25)
        #expect(whole.pixel(120, 50) == blue && whole.pixel(128, 50) == green && whole.pixel(135, 35) == green)
        // The star's top point and the empty notch between points.
        #expect(half.pixel(50, 14) == [255, 191, 0, 255] && half.pixel(50, 70) == [0, 0, 0, 0])
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 10, scale: 2)) == nil)
    }
}

/// Masks and track mattes (`Fixtures/masks.json`): a solid cut to a circle with a square
/// hole, and a solid showing only through the rectangle of the shape layer above it.
@MainActor
@Suite(.serialized) struct LottieMaskTests {
    @Test func masksAndAlphaMattesCutTheirLayers() throws {
        let animation = try LottieFixture.animation("masks")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        let blue: [UInt8] = [51, 102, 204, 255], red: [UInt8] = [204, 51, 51, 255], clear: [UInt8] = [0, 0, 0, 0]
        // Inside the circle (radius 40 about (50, 50)) but outside the square hole.
        #expect(frame.pixel(30, 50) == blue && frame.pixel(50, 25) == blue)
        #expect(frame.pixel(50, 50) == clear, "the subtracted square")
        #expect(frame.pixel(5, 5) == clear && frame.pixel(95, 95) == clear, "outside the circle")
        // The matted solid covers x 100…200 but shows only inside the matte's x 130…170, y 10…90.
        #expect(frame.pixel(150, 50) == red && frame.pixel(110, 50) == clear && frame.pixel(150, 95) == clear)
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }
}

/// Gradient fills (`Fixtures/gradients.json`): linear from red to blue across a square; radial
/// from white at the centre to green at the rim of a circle.
@MainActor
@Suite(.serialized) struct LottieGradientTests {
    @Test func gradientsRunFromTheirStartToTheirEnd() throws {
        let animation = try LottieFixture.animation("gradients")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        func near(_ pixel: [UInt8], _ wanted: [Int]) -> Bool { zip(pixel, wanted).allSatisfy { abs(Int($0) - $1) <= 3 } }
        // Linear, x 10…90: red at the left, blue at the right, half and half in the middle.
        #expect(near(frame.pixel(10, 50), [255, 0, 0, 255]) && near(frame.pixel(89, 50), [0, 0, 255, 255]), "\(frame.pixel(10, 50)) \(frame.pixel(89, 50))")
        #expect(near(frame.pixel(50, 50), [128, 0, 128, 255]), "\(frame.pixel(50, 50))")
        // Radial about (150, 50), radius 40, from white to (0, 0.5, 0): a pixel's centre at
        // distance d has red 255 · (1 − d/40) and green 255 · (1 − d/80). Pixel (150, 50):
        // d = 0.707; pixel (170, 50): d = 20.506.
        #expect(near(frame.pixel(150, 50), [251, 253, 251, 255]), "\(frame.pixel(150, 50))")
        #expect(near(frame.pixel(170, 50), [124, 190, 124, 255]), "\(frame.pixel(170, 50))")
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    @Test func aRadialHighlightMovesWhereTheColoursBegin() throws {
        // Two circles of radius 40, white at the start to black at the end, the highlight
        // half the radius along the start-to-end direction (+x) on the left and 90° on from
        // it (down the screen) on the right. lottie-web draws it as canvas's two-circle
        // gradient from the focus (radius 0) to the circle: a point p has the colour t where
        // |p − f − t·(c − f)| = 40·t. Along the axis through the focus f = c + (20, 0):
        // t = 0 at f, 1/3 at the centre, 2/3 at 20 before it, 1/2 at 10 past f.
        func circle(_ x: Int, angle: Int) -> String {
            #"{"ty":4,"ind":\#(x),"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[\#(x).5,50.5]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80,80]}},{"ty":"gf","g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[40,0]},"t":2,"h":{"a":0,"k":50},"a":{"a":0,"k":\#(angle)},"o":{"a":0,"k":100}}]}"#
        }
        let json = #"{"fr":30,"ip":0,"op":30,"w":200,"h":100,"layers":[\#(circle(50, angle: 0)),\#(circle(150, angle: 90))]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        func grey(_ x: Int, _ y: Int) -> Int { Int(frame.pixel(x, y)[0]) }
        let table: [(x: Int, y: Int, grey: Int)] = [
            (70, 50, 255), (50, 50, 170), (30, 50, 85), (80, 50, 128), (89, 50, 13),
            (150, 70, 255), (150, 50, 170), (150, 30, 85), (150, 80, 128),
        ]
        for row in table { #expect(abs(grey(row.x, row.y) - row.grey) <= 3, "(\(row.x), \(row.y)): \(grey(row.x, row.y)), not \(row.grey)") }
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
        // A highlight that moves is drawn where it starts, and said so.
        let moving = json.replacingOccurrences(of: #""h":{"a":0,"k":50}"#, with: #""h":{"a":1,"k":[{"t":0,"s":[50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[0]}]}"#)
        #expect(try LottieAnimation.from(data: Data(moving.utf8)).unsupportedFeatures == ["animated radial gradient highlights (the first frame's is kept): #50, #150"])
    }

    @Test func aGradientStrokePaintsAsFarAsItsAnimatedWidthReaches() throws {
        // A 20-point square about (50, 50) stroked red to red with mitred corners, the width
        // growing from 2 to 40 over ten frames: at frame 10 the stroke covers 20…80 on both
        // axes, corners and the inside included — beyond the square the gradient would get from the first
        // width (ThorVG's test2 keypad grows its strokes so).
        let shapes = #"""
        [{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
         {"ty":"gs","g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,1,0,0]}},"s":{"a":0,"k":[40,50]},"e":{"a":0,"k":[60,50]},"t":1,
          "o":{"a":0,"k":100},"lc":1,"lj":1,"ml":4,
          "w":{"a":1,"k":[{"t":0,"s":[2],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[40]}]}}]
        """#
        let json = #"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":\#(shapes)}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        let frame = try LottieLayerTreeTests.render(animation, frame: 10)
        let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]
        #expect([frame.pixel(21, 50), frame.pixel(50, 21), frame.pixel(78, 78), frame.pixel(21, 21), frame.pixel(50, 50)] == [red, red, red, red, red])
        #expect([frame.pixel(18, 50), frame.pixel(81, 81)] == [clear, clear])
        let start = try LottieLayerTreeTests.render(animation, frame: 0)
        #expect([start.pixel(40, 50), start.pixel(37, 50)] == [red, clear], "two points wide at frame 0")
    }

    @Test func opacityStopsGiveTheColourStopsTheirAlpha() {
        let stops = LottieGradientLayers.stops([0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0], colorCount: 3)
        #expect(stops.map(\.offset) == [0, 0.5, 1])
        #expect(stops.map { $0.color.alpha } == [1, 0.5, 0])
        #expect(LottieGradientLayers.stops([0, 1, 0, 0], colorCount: 5).count == 1, "no more stops than numbers")
    }
}

/// Repeaters: copies of what lies above them, each a transform further, fading from the
/// start opacity to the end opacity.
@MainActor
@Suite(.serialized) struct LottieRepeaterTests {
    @Test func copiesStepAndFade() throws {
        let shapes = #"""
        [{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
         {"ty":"fl","c":{"a":0,"k":[0,0,0]},"o":{"a":0,"k":100}},
         {"ty":"rp","c":{"a":0,"k":4},"o":{"a":0,"k":0},"m":1,
          "tr":{"p":{"a":0,"k":[20,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":25}}}]
        """#
        let json = #"{"fr":30,"ip":0,"op":30,"w":100,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":\#(shapes)}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        // Copies centred at x 10, 30, 50, 70, their alpha 1, 0.75, 0.5, 0.25; none at 90.
        #expect(frame.pixel(10, 10)[3] == 255 && frame.pixel(30, 10)[3] == 191 && frame.pixel(50, 10)[3] == 128)
        #expect(frame.pixel(70, 10)[3] == 64 && frame.pixel(90, 10)[3] == 0)
    }
}

/// Text layers: the first line's baseline at the layer's origin, justified from, to or
/// about it, in the document's font, size and colour.
@MainActor
@Suite(.serialized) struct LottieTextTests {
    @Test func textSitsOnItsBaseline() throws {
        func document(_ text: String, justification: Int, x: Int) -> String {
            #"{"ty":5,"ind":\#(x),"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[\#(x),40]}},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"DejaVu Sans","s":30,"fc":[1,0,0],"j":\#(justification)}}]}}}"#
        }
        let json = #"{"fr":30,"ip":0,"op":30,"w":200,"h":60,"layers":[\#(document("HI", justification: 0, x: 10)),\#(document("HI", justification: 2, x: 150))]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        let red: [UInt8] = [255, 0, 0, 255]
        // Left-justified from x = 10: the H's left stem just right of it, ink above the
        // baseline (y 40) and none below it.
        #expect((10...16).contains { frame.pixel($0, 30) == red })
        #expect(!(0..<200).contains { frame.pixel($0, 45)[3] > 0 }, "nothing under the baselines")
        #expect(!(0..<10).contains { frame.pixel($0, 30)[3] > 0 }, "nothing left of the origin")
        // Centred on x = 150: ink on both sides, as far out on each.
        let ink = (100..<200).filter { frame.pixel($0, 30)[3] > 0 }
        let left = try #require(ink.first), right = try #require(ink.last)
        #expect(abs((150 - left) - (right + 1 - 150)) <= 2, "\(left)…\(right)")
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }
}

/// Rounded corners listed below a sharp rectangle round its corners.
@MainActor
@Suite(.serialized) struct LottieRoundedCornerTests {
    @Test func roundedCornersRoundARectangle() throws {
        func frame(rounded: Bool) throws -> CGImage {
            let corners = rounded ? #",{"ty":"rd","r":{"a":0,"k":10}}"# : ""
            let shapes = #"[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0]}}\#(corners)]"#
            let json = #"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":\#(shapes)}]}"#
            let animation = try LottieAnimation.from(data: Data(json.utf8))
            #expect(animation.unsupportedFeatures.isEmpty)
            return try LottieLayerTreeTests.render(animation, frame: 0)
        }
        let sharp = try frame(rounded: false), round = try frame(rounded: true)
        // The square spans 30…70; a corner of radius 10 leaves its outermost pixel clear.
        #expect(sharp.pixel(30, 30)[3] == 255 && round.pixel(30, 30)[3] == 0)
        #expect(round.pixel(30, 50)[3] == 255 && round.pixel(50, 30)[3] == 255 && round.pixel(34, 34)[3] == 255)
    }
}
