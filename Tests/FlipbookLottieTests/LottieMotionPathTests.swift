import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// Positions with spatial tangents move along their curve by its length, as lottie-spec
/// says: checked against the same curve measured independently, finely.
@MainActor
@Suite(.serialized) struct LottieMotionPathTests {
    static let json = #"""
    {"a":1,"k":[{"t":0,"s":[0,50],"to":[0,-40],"ti":[0,-40],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[100,50]}]}
    """#

    /// The point `share` of the way along the arc from (0, 50) over (0, 10), (100, 10) to
    /// (100, 50), by length, from 100,000 chords.
    static func alongArc(_ share: Double) -> CGPoint {
        func point(_ t: Double) -> CGPoint {
            let s = 1 - t
            return CGPoint(x: 3 * s * t * t * 100 + t * t * t * 100, y: s * s * s * 50 + 3 * s * s * t * 10 + 3 * s * t * t * 10 + t * t * t * 50)
        }
        var lengths = [0.0], last = point(0)
        for step in 1...100_000 { let p = point(Double(step) / 100_000); lengths.append(lengths.last! + hypot(p.x - last.x, p.y - last.y)); last = p }
        let target = share * lengths.last!
        let index = lengths.firstIndex { $0 >= target } ?? 100_000
        return point(Double(index) / 100_000)
    }

    @Test func theEasedProgressIsAShareOfTheCurvesLength() throws {
        let property = try JSONDecoder().decode(LottieProperty<LottieVector>.self, from: Data(Self.json.utf8))
        #expect(property.hasCurvedPath)
        let path = try #require(LottieMotionPath(property))
        for frame in [0.0, 5, 7.5, 15, 22, 30] {
            let got = path.position(atFrame: frame), wanted = Self.alongArc(frame / 30)
            #expect(hypot(got.x - wanted.x, got.y - wanted.y) < 0.05, "frame \(frame): \(got), the arc \(wanted)")
        }
        #expect(path.position(atFrame: 15) == CGPoint(x: 50, y: 20) || hypot(path.position(atFrame: 15).x - 50, path.position(atFrame: 15).y - 20) < 1e-9)
        #expect(path.position(atFrame: -5) == CGPoint(x: 0, y: 50) && path.position(atFrame: 40) == CGPoint(x: 100, y: 50))
    }

    @Test func aLayerFollowsTheCurve() throws {
        let layers = #"[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":\#(Self.json)},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[6,6]}},{"ty":"fl","c":{"a":0,"k":[0,0,0]}}]}]"#
        let animation = try LottieAnimation.from(data: Data(#"{"fr":30,"ip":0,"op":30,"w":100,"h":60,"layers":\#(layers)}"#.utf8))
        #expect(animation.unsupportedFeatures.isEmpty)
        // Half-way: the top of the arc, (50, 20); at frame 7.5 a quarter of its length.
        #expect(try LottieLayerTreeTests.render(animation, frame: 15).pixel(50, 20) == [0, 0, 0, 255])
        let quarter = Self.alongArc(0.25)
        #expect(try LottieLayerTreeTests.render(animation, frame: 7.5).pixel(Int(quarter.x), Int(quarter.y)) == [0, 0, 0, 255])
        #expect(try LottieLayerTreeTests.render(animation, frame: 15).pixel(50, 48) == [0, 0, 0, 0], "not the straight line")
    }

    @Test func autoOrientTurnsTheLayerAlongItsPath() throws {
        // A 30 × 4 bar moving diagonally down-right: with auto-orient it lies along the diagonal.
        func frame(autoOrient: Int) throws -> CGImage {
            let layer = #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ao":\#(autoOrient),"ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":30,"s":[90,90]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,4]}},{"ty":"fl","c":{"a":0,"k":[0,0,0]}}]}"#
            let animation = try LottieAnimation.from(data: Data(#"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(layer)]}"#.utf8))
            #expect(animation.unsupportedFeatures.isEmpty)
            return try LottieLayerTreeTests.render(animation, frame: 15)
        }
        let turned = try frame(autoOrient: 1), flat = try frame(autoOrient: 0)
        #expect(turned.pixel(58, 58)[3] == 255 && turned.pixel(62, 50)[3] == 0)
        #expect(flat.pixel(58, 58)[3] == 0 && flat.pixel(62, 50)[3] == 255)
    }
}
