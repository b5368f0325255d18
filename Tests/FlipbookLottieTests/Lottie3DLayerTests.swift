import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// Layers turned in 3-D (`rx`, `ry`, `rz`, `or`) drawn as lottie-web's transform draws
/// them: anchor, scale, then turned about z (clockwise), y, x, then by the orientation's
/// z, y, x, then moved to the position, a parent's 4 × 4 matrix multiplying its child's,
/// seen without perspective. The corners in the table are lottie-web's Matrix arithmetic
/// (player/js/3rd_party/transformation-matrix.js: `rotateX`, `rotateY`, `rotateZ`,
/// row vectors) worked out for each case; ThorVG 1.0 draws the single layers within a
/// pixel of them and flattens each parent on its own.
@MainActor
@Suite(.serialized) struct Lottie3DLayerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The layer's 3-D keys (JSON members), and its parent's when it has one.
        let turn: String
        var parentTurn: String?
        var position = "[200,200,0]"
        var frame: Double = 0
        /// lottie-web's corners of the rectangle, in order around it.
        let corners: [(Double, Double)]
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "about x and y", turn: #""rx":{"a":0,"k":50},"ry":{"a":0,"k":35}"#,
             corners: [(167.23, 159.28), (265.53, 212.01), (265.53, 258.29), (167.23, 205.56)]),
        Case(name: "about z first", turn: #""rz":{"a":0,"k":30},"rx":{"a":0,"k":50},"ry":{"a":0,"k":-20}"#,
             corners: [(184.36, 171.46), (282.02, 182.80), (248.19, 232.32), (150.53, 220.98)]),
        Case(name: "with an orientation", turn: #""rx":{"a":0,"k":10},"ry":{"a":0,"k":20},"rz":{"a":0,"k":15},"or":{"a":0,"k":[30,40,20]}"#,
             corners: [(193.58, 150.23), (240.54, 254.65), (222.08, 284.58), (175.12, 180.16)]),
        Case(name: "undone by its parent", turn: #""ry":{"a":0,"k":-60}"#, parentTurn: #""ry":{"a":0,"k":60}"#, position: "[0,0,0]",
             corners: [(160, 164), (280, 164), (280, 236), (160, 236)]),
        Case(name: "under a turned parent", turn: #""rx":{"a":0,"k":-40},"ry":{"a":0,"k":30}"#, parentTurn: #""rx":{"a":0,"k":20},"ry":{"a":0,"k":50}"#,
             position: "[30,10,0]", corners: [(226.48, 185.89), (258.07, 186.98), (222.62, 248.99), (191.03, 247.89)]),
        Case(name: "animated", turn: #""rx":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[60]}]}"#,
             frame: 10, corners: [(160, 168.82), (280, 168.82), (280, 231.18), (160, 231.18)]),
    ]

    /// A 400 × 400 composition: a blue 120 × 72 rectangle about (20, 0) in a 3-D layer,
    /// parented to a null at (200, 200) when `parentTurn` is given, at `frame`.
    static func frame(_ turn: String, parentTurn: String? = nil, position: String = "[200,200,0]", opacity: Double = 100,
                      shapes: String? = nil, at frame: Double = 0) throws -> (image: CGImage, unsupported: [String]) {
        let rectangle = #"{"ty":"rc","p":{"a":0,"k":[20,0]},"s":{"a":0,"k":[120,72]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}"#
        var layers = [#"{"ddd":1,"ty":4,"ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":\#(position)},"o":{"a":0,"k":\#(opacity)},\#(turn)},"shapes":[\#(shapes ?? rectangle)]\#(parentTurn == nil ? "" : #","parent":1"#)}"#]
        if let parentTurn {
            layers.append(#"{"ddd":1,"ty":3,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[200,200,0]},\#(parentTurn)}}"#)
        }
        let json = #"{"fr":30,"ip":0,"op":30,"w":400,"h":400,"layers":[\#(layers.joined(separator: ","))]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        return (try LottieLayerTreeTests.render(animation, frame: frame), animation.unsupportedFeatures)
    }

    @Test(arguments: cases) func aTurnedLayerCoversLottieWebsCorners(_ item: Case) throws {
        let (image, unsupported) = try Self.frame(item.turn, parentTurn: item.parentTurn, position: item.position, at: item.frame)
        #expect(unsupported.allSatisfy { $0.hasPrefix("3-D layers (drawn without perspective)") }, "\(unsupported)")
        // The area the corners enclose, against the alpha drawn.
        let corners = item.corners
        let area = abs(zip(corners, corners.dropFirst() + corners.prefix(1)).reduce(0) { $0 + $1.0.0 * $1.1.1 - $1.1.0 * $1.0.1 }) / 2
        let alpha = image.withUnsafePremultipliedBytes { bytes in stride(from: 3, to: bytes.count, by: 4).reduce(0.0) { $0 + Double(bytes[$1]) } } / 255
        #expect(abs(alpha - area) < area * 0.005, "drawn \(alpha) px², lottie-web's \(area)")
        // Each corner: filled a fifth of the way in from it towards the middle, empty as far
        // out beyond it.
        let middle = (corners.map(\.0).reduce(0, +) / 4, corners.map(\.1).reduce(0, +) / 4)
        for corner in corners {
            let inside = image.pixel(Int(middle.0 + (corner.0 - middle.0) * 0.8), Int(middle.1 + (corner.1 - middle.1) * 0.8))
            let outside = image.pixel(Int(middle.0 + (corner.0 - middle.0) * 1.2), Int(middle.1 + (corner.1 - middle.1) * 1.2))
            #expect(inside == [0, 0, 255, 255] && outside[3] == 0, "corner \(corner): \(inside) in, \(outside) out")
        }
    }

    @Test func aLayerTurnedUnderATurnedParentFadesAsOne() throws {
        // Two overlapping squares in a layer at half opacity, kept in 3-D by its turned
        // parent: where they overlap, the layer is still half covered (faded as one, not
        // square by square).
        let square = { (x: Int) in #"{"ty":"rc","p":{"a":0,"k":[\#(x),0]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}}"# }
        let shapes = #"\#(square(-20)),\#(square(20)),{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}"#
        let separate = #"{"ty":"gr","it":[\#(square(-20)),{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}]},{"ty":"gr","it":[\#(square(20)),{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}]}"#
        for content in [shapes, separate] {
            let (image, _) = try Self.frame(#""ry":{"a":0,"k":-60}"#, parentTurn: #""ry":{"a":0,"k":60}"#, position: "[0,0,0]",
                                            opacity: 50, shapes: content)
            // Both squares' middle at (200, 200), only the left's at (170, 200).
            #expect(abs(Int(image.pixel(200, 200)[3]) - 128) <= 1 && abs(Int(image.pixel(170, 200)[3]) - 128) <= 1,
                    "\(image.pixel(200, 200)) \(image.pixel(170, 200))")
        }
    }

    @Test func aFlatLayerStaysOneLayer() throws {
        // A 3-D layer whose turns are all zero lays out as a flat one: no turned layer.
        let json = #"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ddd":1,"ty":3,"ind":1,"ip":0,"op":30,"st":0,"ks":{"rx":{"a":0,"k":0},"ry":{"a":0,"k":0},"or":{"a":0,"k":[0,0,0]}}}]}"#
        let layer = try LottieAnimation.from(data: Data(json.utf8)).layers[0]
        #expect(!layer.transform.turnsIn3D)
        let (top, inner) = LottieTransformLayers.make(layer.transform, timeline: LottieTimeline(framerate: 30), opacity: true)
        #expect(top === inner && CATransform3DIsIdentity(top.transform))
    }
}
