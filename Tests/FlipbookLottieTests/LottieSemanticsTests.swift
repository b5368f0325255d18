import Flipbook
import Foundation
import Testing
@testable import FlipbookLottie
import FlipbookTestSupport

/// How a Lottie file's numbers are read where renderers could differ, on
/// `Fixtures/semantics.json` (200 × 100, 20 frames a second). Every expected pixel is the
/// one ThorVG 1.0 (thorvg-python 1.1.3) draws at the same frame, and the timing rule is
/// lottie-web's (its PropertyFactory takes the layer's start time off both the frame and
/// the keyframe's time).
@MainActor
@Suite(.serialized) struct LottieSemanticsTests {
    static func animation(_ fixture: String = "semantics") throws -> LottieAnimation {
        try LottieFixture.animation(fixture)
    }

    static let clear: [UInt8] = [0, 0, 0, 0]

    /// `fixture`, checked to hold nothing Flipbook does not draw, and the alpha of its frame
    /// 0 at a pixel.
    static func fullyDrawnAlpha(_ fixture: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (animation: LottieAnimation, alpha: (Int, Int) -> UInt8) {
        let animation = try Self.animation(fixture)
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)", sourceLocation: sourceLocation)
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        return (animation, { x, y in frame.pixel(x, y)[3] })
    }

    @Test func keyframesCountInTheCompositionsFramesWhateverTheStartTime() throws {
        // The red square's layer starts at frame 10 but its keyframes run from frame 0
        // (x 20) to frame 20 (x 180) of the composition.
        let animation = try Self.animation()
        let red: [UInt8] = [204, 51, 51, 255]
        let (start, middle, end) = (try LottieLayerTreeTests.render(animation, frame: 0), try LottieLayerTreeTests.render(animation, frame: 10),
                                    try LottieLayerTreeTests.render(animation, frame: 20))
        #expect(start.pixel(20, 20) == red && start.pixel(100, 20) == Self.clear)
        #expect(middle.pixel(100, 20) == red && middle.pixel(20, 20) == Self.clear)
        #expect(end.pixel(180, 20) == red)
    }

    @Test func aFillPaintsTheGroupsAboveItThroughTheirTransformAndAMirrorMirrors() throws {
        // The blue square sits in a group 10 to the right of its layer's origin; the fill
        // is listed after the group; the layer is at x 50 with a scale of −100 % in x.
        let frame = try LottieLayerTreeTests.render(try Self.animation(), frame: 0)
        #expect(frame.pixel(40, 60) == [51, 51, 204, 255] && frame.pixel(60, 60) == Self.clear)
    }

    @Test func aTrimWhoseEndsCrossKeepsWhatLiesBetweenThem() throws {
        // A ring of radius 15 about (110, 60), trimmed from 100 % to an end moving from
        // 100 % to 0 %: nothing, then the half the ends enclose, then all of it.
        let animation = try Self.animation()
        let green: [UInt8] = [51, 153, 51, 255]
        let none = try LottieLayerTreeTests.render(animation, frame: 0)
        #expect(none.pixel(95, 60) == Self.clear && none.pixel(125, 60) == Self.clear)
        let half = try LottieLayerTreeTests.render(animation, frame: 10)
        #expect(half.pixel(95, 60) == green && half.pixel(125, 60) == Self.clear && half.pixel(110, 75) == Self.clear)
        let whole = try LottieLayerTreeTests.render(animation, frame: 20)
        #expect(whole.pixel(95, 60) == green && whole.pixel(125, 60) == green)
    }

    @Test func aPolygonsAnimatedRadiusGrows() throws {
        // A square (a polygon of 4 points turned 45°) about (170, 60) whose outer radius
        // goes from 10 to 20 over frames 0 to 20: half-width 7.07, then 10.6.
        let animation = try Self.animation()
        let orange: [UInt8] = [230, 153, 26, 255]
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let small = try LottieLayerTreeTests.render(animation, frame: 0)
        #expect(small.pixel(176, 60) == orange && small.pixel(179, 60) == Self.clear)
        let larger = try LottieLayerTreeTests.render(animation, frame: 10)
        #expect(larger.pixel(179, 60) == orange && larger.pixel(182, 60) == Self.clear)
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 10, scale: 2)) == nil)
    }

    @Test func aTimeRemapPlaysThePrecompositionAtTheFramesItNames() throws {
        // The precomposition "clip" slides a square from x 10 to 90 over its frames 0 to
        // 20 and shows a second square only in its frames 0 to 10; its layer's time remap
        // runs from 1 s back to 0 s over frames 0 to 20 (20 frames a second): frame f shows
        // the clip's frame 20 − f.
        let animation = try Self.animation()
        let purple: [UInt8] = [128, 51, 179, 255], teal: [UInt8] = [26, 128, 128, 255]
        let start = try LottieLayerTreeTests.render(animation, frame: 0)
        #expect(start.pixel(90, 88) == purple && start.pixel(150, 88) == Self.clear)
        let early = try LottieLayerTreeTests.render(animation, frame: 5)
        #expect(early.pixel(70, 88) == purple && early.pixel(90, 88) == Self.clear && early.pixel(150, 88) == Self.clear)
        let late = try LottieLayerTreeTests.render(animation, frame: 15)
        #expect(late.pixel(30, 88) == purple && late.pixel(150, 88) == teal)
    }

    @Test func anInvertedMatteKeepsWhereItsMatteIsNotAndABlendModeBlends() throws {
        // Fixtures/mattes.json: a red solid with an inverted alpha matte (a 30-point square
        // about (25, 25)) and a blue square screened over a green solid. ThorVG leaves the
        // same hole; its screen is 90, 208, 254 where the W3C's formula, 1 − (1 − Cb)(1 − Cs),
        // gives 0.36, 0.819, 1: 92, 209, 255.
        let animation = try Self.animation("mattes")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        let red: [UInt8] = [204, 51, 51, 255], green: [UInt8] = [51, 178, 76, 255]
        #expect(frame.pixel(5, 5) == red && frame.pixel(40, 25) == red)
        #expect(frame.pixel(25, 25) == Self.clear && frame.pixel(12, 25) == Self.clear)
        #expect(frame.pixel(75, 25) == [92, 209, 255, 255] && frame.pixel(60, 10) == green)
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
        // The matte is composited destination-out, no cover made: its cover reaches past
        // everything the layer draws.
        let player = LottieLayerTreeTests.player(animation, frame: 0)
        let tree = AnimationHost.shared.renderTree(of: player)
        let text = tree.frameTree(tree.evaluate(at: 0), bounds: player.bounds, scale: 1).description
        #expect(text.contains("blend destinationOut") && !text.contains("sourceOut"), "\(text)")
    }

    @Test func lumaMattesMaskByTheMattesLuminance() throws {
        // Fixtures/lumamattes.json: a red solid under a luma matte of a white and a 50 %
        // grey square, and a blue solid under an inverted luma matte of a white, a black and
        // a grey square. ThorVG and rlottie, straight RGBA at y = 25: red opaque under the
        // white (alpha 254, 251) and half under the grey (127, 125), nothing elsewhere; blue
        // everywhere but under the white, half under the grey (128, 126), whole under the
        // black. Luminance is taken over the sRGB values, as theirs is.
        let animation = try Self.animation("lumamattes")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        let red: [UInt8] = [204, 51, 51, 255], blue: [UInt8] = [51, 102, 204, 255]
        #expect(frame.pixel(25, 25) == red && frame.pixel(75, 25) == [102, 26, 26, 128])
        #expect(frame.pixel(5, 25) == Self.clear && frame.pixel(50, 25) == Self.clear)
        #expect(frame.pixel(105, 25) == blue && frame.pixel(140, 25) == blue && frame.pixel(150, 25) == blue)
        #expect(frame.pixel(125, 25) == Self.clear && frame.pixel(175, 25) == [25, 51, 102, 127])
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    @Test func mergePathsCombineTheRegionsAsLottieAndroidDoes() throws {
        // Fixtures/merges.json: two 30-point squares overlapping by half their side, merged
        // by add, subtract, intersect and exclude and filled, and two circles merged by add
        // and stroked. lottie-android merges the last path against the ones before it with
        // Android's Path.op (Skia's PathOps): the first square less the second, within it,
        // with it, or without their overlap; a stroke outlines the merged region, not the
        // arcs inside it. (ThorVG and rlottie draw every mode as a plain merge.)
        let animation = try Self.animation("merges")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        let orange: [UInt8] = [230, 128, 26, 255], blue: [UInt8] = [51, 102, 204, 255]
        /// The first square only, both, the second only, in the group at `x`.
        func regions(_ x: Int) -> [[UInt8]] { [frame.pixel(x + 10, 10), frame.pixel(x + 27, 27), frame.pixel(x + 45, 45)] }
        #expect(regions(0) == [orange, orange, orange], "add")
        #expect(regions(60) == [orange, Self.clear, Self.clear], "subtract")
        #expect(regions(120) == [Self.clear, orange, Self.clear], "intersect")
        #expect(regions(180) == [orange, Self.clear, orange], "exclude")
        #expect(frame.pixel(245, 30) == blue && frame.pixel(294, 30) == blue, "the outline")
        #expect(frame.pixel(265, 30) == Self.clear && frame.pixel(274, 30) == Self.clear, "no arc inside the other circle")
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    /// A merge above one path alone leaves it as it is, whatever the mode: lottie-web's
    /// bacon.json fills a white stripe so (intersect, one path), and lottie-web, ThorVG
    /// and rlottie draw it.
    @Test func aMergeOfOnePathLeavesIt() throws {
        for mode in 1...5 {
            let group = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"mm","mm":\#(mode)},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}},{"ty":"tr"}]}"#
            let json = #"{"fr":30,"ip":0,"op":30,"w":40,"h":40,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[\#(group)]}]}"#
            let frame = try LottieLayerTreeTests.render(try LottieAnimation.from(data: Data(json.utf8)), frame: 0)
            #expect(frame.pixel(20, 20) == [255, 0, 0, 255] && frame.pixel(5, 5) == Self.clear, "mode \(mode)")
        }
    }

    @Test func skewShearsBetweenScaleAndRotationAboutItsAxis() throws {
        // Fixtures/skew.json: 40-point squares skewed 30° along x, 30° about a 45° axis, and
        // (a shape group's transform) −20° about the y axis. ThorVG draws the same shapes
        // (lottie-web's skewFromAxis: turned by the axis, sheared by tan(−skew), turned
        // back): its pixels here, where rlottie, which has no skew, draws squares.
        let animation = try Self.animation("skew")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        let orange: [UInt8] = [230, 128, 26, 255], blue: [UInt8] = [51, 102, 204, 255], green: [UInt8] = [51, 179, 77, 255]
        #expect(frame.pixel(68, 22) == orange && frame.pixel(12, 58) == orange, "the top slid right, the bottom left")
        #expect(frame.pixel(22, 22) == Self.clear && frame.pixel(58, 58) == Self.clear)
        #expect(frame.pixel(105, 60) == blue && frame.pixel(120, 40) == blue)
        #expect(frame.pixel(118, 10) == Self.clear && frame.pixel(135, 68) == Self.clear)
        #expect(frame.pixel(215, 16) == green && frame.pixel(185, 64) == green, "the right side raised, the left lowered")
        #expect(frame.pixel(182, 20) == Self.clear && frame.pixel(218, 62) == Self.clear)
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    @Test func roundedCornersRoundStarsAndPolygonsToo() throws {
        // Fixtures/roundedstars.json: a five-pointed star (radii 40 and 20) and a hexagon
        // (radius 40), each with rounded corners of radius 10. ThorVG rounds their vertices
        // as lottie-web does a path's (rlottie leaves them sharp): the tips pulled in.
        let (animation, alpha) = try Self.fullyDrawnAlpha("roundedstars")
        #expect(alpha(50, 14) == 0 && alpha(14, 38) == 0, "the star's tips cut")
        #expect(alpha(50, 16) == 255 && alpha(50, 50) == 255)
        #expect(alpha(150, 11) == 0 && alpha(116, 30) == 0, "the hexagon's corners cut")
        #expect(alpha(150, 15) == 255 && alpha(118, 32) == 255)
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    @Test func aTrimOffsetCarriesTheKeptPartRoundThePathsStart() throws {
        // Fixtures/trimoffsets.json: 60-point squares stroked, trimmed to half with an offset
        // of 270° (the top and right sides: the part wraps round the path's start, the top
        // right corner), and to a quarter with an offset turning 0…360° over 20 frames.
        // ThorVG and rlottie keep the same sides (lottie-web's trim modifier: the offset taken
        // modulo a turn, the part past the end carried to the start).
        let animation = try Self.animation("trimoffsets")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        func alphas(_ frame: Double, _ points: [(Int, Int)]) throws -> [UInt8] {
            let image = try LottieLayerTreeTests.render(animation, frame: frame)
            return points.map { image.pixel($0.0, $0.1)[3] }
        }
        #expect(try alphas(0, [(50, 20), (80, 50), (20, 50), (50, 80), (180, 50)]) == [255, 255, 0, 0, 255])
        #expect(try alphas(10, [(120, 50), (180, 50), (150, 20)]) == [255, 0, 0], "half a turn: the left side")
        #expect(try alphas(17, [(170, 20), (180, 30), (180, 70), (130, 20)]) == [255, 255, 0, 0], "round the corner")
    }

    @Test func masksCombineInOrderWhateverTheirModes() throws {
        // Fixtures/maskmodes.json: 100-point solids masked by squares A (10…60), B (30…50),
        // C (40…90) and D (30…100 × 0…70). Each mask combines with the region the masks above
        // it leave, as After Effects' modes say: add after a subtract ((A − B) ∪ C, as rlottie
        // draws it); difference alone (like add) and after an add (A xor C), as ThorVG and
        // rlottie draw both; lighten then darken of opaque masks ((A ∪ C) ∩ D: the larger and
        // the smaller alpha; the peers leave one or both out).
        let animation = try Self.animation("maskmodes")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        /// Whether each point, in the solid at `x`, shows.
        func shown(_ x: Int, _ points: [(Int, Int)]) -> [Bool] { points.map { frame.pixel(x + $0.0, $0.1)[3] == 255 } }
        #expect(shown(0, [(15, 15), (35, 35), (45, 45), (85, 85), (5, 5)]) == [true, false, true, true, false])
        #expect(shown(100, [(50, 50), (15, 15)]) == [true, false])
        #expect(shown(200, [(15, 15), (50, 50), (85, 85)]) == [true, false, true])
        #expect(shown(300, [(15, 15), (35, 35), (85, 65), (85, 85)]) == [false, true, true, false])
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    @Test func offsetPathsMoveOutlinesOutAndIn() throws {
        // Fixtures/offsetpaths.json: a 40-point square (30…70) grown by 8 with mitred
        // corners, one (130…170) shrunk by 8, and a star (outer radius 30) grown by 6 with
        // round joins. ThorVG draws the same outlines (rlottie draws the shapes as they are).
        let (animation, alpha) = try Self.fullyDrawnAlpha("offsetpaths")
        #expect(alpha(23, 23) == 255 && alpha(76, 76) == 255 && alpha(20, 50) == 0, "22…78, its corners sharp")
        #expect(alpha(136, 50) == 0 && alpha(140, 50) == 255 && alpha(139, 39) == 255, "138…162")
        #expect(alpha(250, 16) == 255 && alpha(250, 12) == 0 && alpha(222, 40) == 255, "the star's tip 6 higher")
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    @Test func puckerAndBloatMoveVerticesAndTangentsOppositeWays() throws {
        // Fixtures/puckerbloat.json: a 60-point square puckered by 40 %, a 50-point square
        // bloated by 40 % and a circle (diameter 70) puckered by 60 %. ThorVG draws the same
        // outlines (lottie-web's modifier: each vertex moved toward its path's centre by the
        // amount, each control point as far the other way); rlottie leaves the shapes.
        let (animation, alpha) = try Self.fullyDrawnAlpha("puckerbloat")
        #expect(alpha(50, 22) == 0 && alpha(50, 30) == 255 && alpha(12, 12) > 128, "sides pulled in, corners out")
        #expect(alpha(150, 23) == 255 && alpha(126, 26) == 0, "sides pushed out, corners in")
        #expect(alpha(250, 6) == 255 && alpha(225, 25) == 0 && alpha(282, 50) == 255, "a four-pointed star")
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 0, scale: 2)) == nil)
    }

    @Test func aMasksExpansionMovesItsOutlineWithRoundCorners() throws {
        // Fixtures/maskexpansion.json: solids masked by a square (30…70) expanded by 10 and
        // one (20…80) by −10. ThorVG grows the first to 20…80 with round corners and shrinks
        // the second to 30…70 (rlottie leaves expansion out).
        let (_, alpha) = try Self.fullyDrawnAlpha("maskexpansion")
        #expect(alpha(21, 50) == 255 && alpha(19, 50) == 0 && alpha(25, 25) == 255 && alpha(22, 22) < 8, "grown, corners rounded")
        #expect(alpha(126, 50) == 0 && alpha(131, 50) == 255, "shrunk")
    }

    @Test func repeatersMoveAndStackTheirCopiesAsLottieWebDoes() throws {
        // Fixtures/repeaters.json: four bars turning about (60, 60) by 0…90° a copy over 20
        // frames, from 100 % to 40 % opaque; and three outlined squares 15 apart, repeated with
        // composite 1 and 2. At frame 10 the bars lie 45° apart, as ThorVG draws them, at
        // lottie-web's opacities (start + (end − start)·i / (copies − 1): 100, 80, 60, 40 %;
        // ThorVG divides by the copies instead). Stacked as lottie-web and ThorVG stack them:
        // composite 1 keeps the first copy on top (its right edge over the second copy),
        // composite 2 the last (each copy's left edge over the one before).
        let animation = try Self.animation("repeaters")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 10)
        #expect([(90, 60), (81, 81), (60, 90), (39, 81)].map { frame.pixel($0.0, $0.1)[3] } == [255, 204, 153, 102])
        let navy: [UInt8] = [25, 25, 127, 255], yellow: [UInt8] = [229, 204, 51, 255]
        #expect([frame.pixel(160, 30), frame.pixel(175, 30), frame.pixel(190, 30)] == [yellow, navy, navy])
        #expect([frame.pixel(160, 90), frame.pixel(175, 90), frame.pixel(190, 90)] == [navy, navy, yellow])
        #expect(Golden.compare(try LottieLayerTreeTests.render(animation, frame: 10, scale: 2)) == nil)
    }

    @Test func bodymovin4ColoursRunTo255() {
        // lottie-ios reads a colour whose red, green and blue are all above 1 as 0…255
        // (LottieColor's decoding); anything else is 0…1.
        func components(_ values: [Double]) -> [Double] { LottieVector(values).color.components!.map { Double($0) } }
        #expect(components([255, 153, 51, 255]) == [1, 0.6, 0.2, 1])
        #expect(components([1, 0.6, 0.2]) == [1, 0.6, 0.2, 1])
        #expect(components([255, 0.5, 0, 1]) == [1, 0.5, 0, 1], "not all above 1: taken as 0…1 (CGColor clamps)")
        // lottie-spec's colour is [r, g, b]: a fourth number is no alpha (lottie-web,
        // ThorVG and rlottie paint ThorVG's test2 keypad at the fill's opacity alone).
        #expect(components([0.38, 0.1, 0.81, 0.16]) == [0.38, 0.1, 0.81, 1])
        #expect(components([255, 153, 51, 40]) == [1, 0.6, 0.2, 1])
    }

    @Test func roundedCornersRoundAPathsSharpVerticesButNotAnOpenPathsEnds() throws {
        // Fixtures/corners.json: a filled square path (10…90) with corners of radius 20 and
        // an open stroked path whose one corner, at (190, 10), has radius 30. ThorVG leaves
        // the same pixels clear and painted (lottie-web's rounded-corners modifier: each
        // corner cut at most half-way along its sides, joined by a curve).
        let animation = try Self.animation("corners")
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let frame = try LottieLayerTreeTests.render(animation, frame: 0)
        let orange: [UInt8] = [230, 128, 26, 255], blue: [UInt8] = [51, 102, 204, 255]
        #expect(frame.pixel(12, 12) == Self.clear && frame.pixel(88, 88) == Self.clear, "the square's corners cut")
        #expect(frame.pixel(50, 50) == orange && frame.pixel(15, 50) == orange)
        #expect(frame.pixel(110, 10) == blue && frame.pixel(170, 11) == blue, "the open path's end kept sharp")
        #expect(frame.pixel(186, 14) == Self.clear && frame.pixel(189, 30) == blue, "its corner rounded")
    }
}
