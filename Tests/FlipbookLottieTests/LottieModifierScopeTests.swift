import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// Where modifiers reach, by lottie-spec's shape rendering model: "styles and modifiers
/// apply to all preceding shapes within the current scope, including subgroup-nested
/// shapes", several composed in list order ("Trim(Trim(shape))"); and lottie-web's trim
/// modes: "simultaneously" (1) trims each path on its own, "individually" (2) the paths laid
/// end to end in list order.
@MainActor
@Suite(.serialized) struct LottieModifierScopeTests {
    /// One 100 × 100 frame of a shape layer holding `shapes` (JSON items).
    static func frame(_ shapes: String) throws -> CGImage {
        let json = #"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[\#(shapes)]}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        return try LottieLayerTreeTests.render(animation, frame: 0)
    }

    static func group(_ items: String) -> String { #"{"ty":"gr","it":[\#(items),{"ty":"tr"}]}"# }
    static func square(side: Int) -> String { #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[\#(side),\#(side)]},"r":{"a":0,"k":0}}"# }
    static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}"#
    static let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1}"#
    static func line(y: Int) -> String {
        #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[10,\#(y)],[90,\#(y)]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
    }
    static func trim(end: Int, mode: Int = 1) -> String {
        #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":\#(end)},"o":{"a":0,"k":0},"m":\#(mode)}"#
    }
    static let bloat = #"{"ty":"pb","a":{"a":0,"k":50}}"#

    /// Pixels painted (alpha over half) or clear.
    static func expect(_ image: CGImage, painted: [(Int, Int)], clear: [(Int, Int)], _ label: String) {
        for (x, y) in painted { #expect(image.pixel(x, y)[3] > 128, "\(label): (\(x), \(y)) should be painted") }
        for (x, y) in clear { #expect(image.pixel(x, y)[3] < 128, "\(label): (\(x), \(y)) should be clear") }
    }

    @Test func aPuckerAndBloatChangesEveryShapeListedAboveIt() throws {
        // A 60 × 60 square (20…80) bloated by 50 %: its corners move halfway to the centre,
        // (35, 35), and its sides bulge out to 12.5 past the centre's 37.5 (y 12.5 at the top's
        // middle). The corner pixel (25, 25) is clear, the bulge's (50, 15) painted.
        let bloated: [(label: String, items: String)] = [
            ("after the group painting the square", "\(Self.group("\(Self.square(side: 60)),\(Self.fill)")),\(Self.bloat)"),
            ("after the fill in the square's group", "\(Self.square(side: 60)),\(Self.fill),\(Self.bloat)"),
            ("inside the group", Self.group("\(Self.square(side: 60)),\(Self.bloat),\(Self.fill)")),
            ("after two groups", "\(Self.group(Self.group("\(Self.square(side: 60)),\(Self.fill)"))),\(Self.bloat)"),
        ]
        for row in bloated {
            Self.expect(try Self.frame(row.items), painted: [(50, 15), (50, 50)], clear: [(25, 25)], row.label)
        }
        // Listed before the group, it changes nothing there.
        Self.expect(try Self.frame("\(Self.bloat),\(Self.group("\(Self.square(side: 60)),\(Self.fill)"))"),
                    painted: [(25, 25), (50, 50)], clear: [(50, 15)], "before the group")
    }

    @Test func roundedCornersAndOffsetsReachIntoGroupsListedAboveThem() throws {
        // Rounded corners of radius 20 on the 60 × 60 square: the corner pixel (22, 22) lies
        // 25 from the arc's centre (40, 40), outside.
        let rounded = "\(Self.group("\(Self.square(side: 60)),\(Self.fill)")),{\"ty\":\"rd\",\"r\":{\"a\":0,\"k\":20}}"
        Self.expect(try Self.frame(rounded), painted: [(21, 50), (50, 21), (50, 50)], clear: [(22, 22)], "rounded after the group")
        // A 40 × 40 square (30…70) offset by 10 covers 20…80.
        let offset = "\(Self.group("\(Self.square(side: 40)),\(Self.fill)")),{\"ty\":\"op\",\"a\":{\"a\":0,\"k\":10},\"lj\":1}"
        Self.expect(try Self.frame(offset), painted: [(22, 50), (50, 77)], clear: [(17, 50)], "offset after the group")
    }

    @Test func trimsComposeAndTrimEachPathOrAllOfThemAsOne() throws {
        // Two lines, y 30 and y 70, from x 10 to 90, stroked 4 wide, trimmed to their first half.
        let lines = "\(Self.line(y: 30)),\(Self.line(y: 70))"
        // Simultaneously: each line keeps x 10…50.
        Self.expect(try Self.frame("\(lines),\(Self.trim(end: 50)),\(Self.stroke)"),
                    painted: [(30, 30), (30, 70)], clear: [(70, 30), (70, 70)], "simultaneously")
        // Individually: the lines laid end to end, the first listed first: all of the first.
        Self.expect(try Self.frame("\(lines),\(Self.trim(end: 50, mode: 2)),\(Self.stroke)"),
                    painted: [(30, 30), (70, 30)], clear: [(30, 70), (70, 70)], "individually")
        // A trim listed after the stroke still cuts what it strokes.
        Self.expect(try Self.frame("\(Self.line(y: 30)),\(Self.stroke),\(Self.trim(end: 50))"),
                    painted: [(30, 30)], clear: [(70, 30)], "listed after the stroke")
        // A trim in a group, another after it: half of half, x 10…30.
        let nested = "\(Self.group("\(Self.line(y: 50)),\(Self.trim(end: 50)),\(Self.stroke)")),\(Self.trim(end: 50))"
        Self.expect(try Self.frame(nested), painted: [(20, 50), (28, 50)], clear: [(34, 50), (45, 50), (70, 50)], "nested")
        // An outer trim keeping the end, an inner one the start: of the line's first half
        // (10…50), its second half, 30…50.
        let crossed = "\(Self.group("\(Self.line(y: 50)),\(Self.trim(end: 50)),\(Self.stroke)")),{\"ty\":\"tm\",\"s\":{\"a\":0,\"k\":50},\"e\":{\"a\":0,\"k\":100},\"o\":{\"a\":0,\"k\":0},\"m\":1}"
        Self.expect(try Self.frame(crossed), painted: [(35, 50), (48, 50)], clear: [(25, 50), (55, 50), (70, 50)], "crossed")
    }

    @Test func aTrimEndingAHairAfterAFrameKeepsTheWholeClosedPathAtThatFrame() throws {
        // ThorVG's test.lot (29.97 frames a second): a closed chevron stroked 8 wide with
        // round joins, trimmed from 100 % to an end running from 100 % to 0 % until frame
        // 30.0000012219251, which Bodymovin wrote for frame 30 (read as it is, the end at
        // frame 30 is a hair over 0). At frame 30 the trim keeps all of the path, closed,
        // as an untrimmed stroke draws it: the tip is one round join (radius 4 about
        // (54.5, 46): alpha 109 at (58, 46)), not two round caps meeting there (whose
        // overlapping edges come out twice as dark).
        let chevron = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[54.5,46],[22.5,14.75],[10,50],[22.5,80]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":8},"lc":2,"lj":2}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":100},"e":{"a":1,"k":[{"t":0,"s":[100],"o":{"x":[0.333],"y":[0]},"i":{"x":[0.667],"y":[1]}},{"t":30.0000012219251,"s":[0]}]},"o":{"a":0,"k":0},"m":1}"#
        func frame(_ shapes: String, at frame: Double) throws -> CGImage {
            let json = #"{"fr":29.9700012207031,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(shapes)]}]}"#
            return try LottieLayerTreeTests.render(try LottieAnimation.from(data: Data(json.utf8)), frame: frame)
        }
        let whole = try frame("\(chevron),\(stroke)", at: 30)
        #expect(abs(Int(whole.pixel(58, 46)[3]) - 109) <= 8, "\(whole.pixel(58, 46))")
        #expect(try frame("\(chevron),\(trim),\(stroke)", at: 30).pngData() == whole.pngData())
    }
}
