import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// After Effects' Drop Shadow effect as lottie-web's filter draws it: the layer's alpha
/// blurred with a standard deviation of a quarter of the softness, moved `distance` along
/// the direction (degrees clockwise from straight up), in the colour at opacity / 255,
/// under the layer. ThorVG 1.0 draws test12.lot's shadow within three levels of Flipbook.
@MainActor
@Suite(.serialized) struct LottieEffectTests {
    /// A 250 × 250 composition with a red 100 × 100 square about (100, 100) casting the
    /// drop shadow whose values are `values` (JSON), at `frame`.
    static func frame(_ values: String, shadowOnly: Bool = false, at frame: Double = 0) throws -> (image: CGImage, unsupported: [String]) {
        let only = shadowOnly ? #",{"ty":7,"nm":"Shadow Only","v":{"a":0,"k":1}}"# : ""
        let effect = #"{"ty":25,"nm":"Drop Shadow","mn":"ADBE Drop Shadow","en":1,"ef":[\#(values)\#(only)]}"#
        let square = #"{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}"#
        let json = #"{"fr":30,"ip":0,"op":30,"w":250,"h":250,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[\#(square)],"ef":[\#(effect)]}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        return (try LottieLayerTreeTests.render(animation, frame: frame), animation.unsupportedFeatures)
    }

    static func values(color: String = "[0,0,0,1]", opacity: String = "191.25", direction: String = "90", distance: String = "10",
                       softness: String = "20") -> String {
        [("Shadow Color", color), ("Opacity", opacity), ("Direction", direction), ("Distance", distance), ("Softness", softness)]
            .map { #"{"ty":0,"nm":"\#($0.0)","v":{"a":0,"k":\#($0.1)}}"# }.joined(separator: ",")
    }

    /// The standard normal distribution function.
    static func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }

    @Test func aDropShadowIsTheAlphaBlurredMovedAndTinted() throws {
        // Direction 90: to the right, by 10; softness 20: σ 5; opacity 191.25: 0.75. Along
        // row 100 past the square's right edge (x 150), the shadow's edge lies at x 160:
        // alpha = 0.75 · Φ((160 − x − 0.5) / 5) of black over nothing.
        let (image, unsupported) = try Self.frame(Self.values())
        #expect(unsupported.isEmpty, "\(unsupported)")
        for x in [151, 155, 158, 160, 162, 165, 170] {
            let wanted = 255 * 0.75 * Self.phi((160 - Double(x) - 0.5) / 5)
            let pixel = image.pixel(x, 100)
            #expect(abs(Double(pixel[3]) - wanted) <= 4 && pixel[0] == 0, "x \(x): \(pixel), alpha \(wanted)")
        }
        #expect(image.pixel(100, 100) == [255, 0, 0, 255], "the layer over its shadow")
        #expect(image.pixel(45, 100)[3] == 0 && image.pixel(100, 30)[3] == 0 && image.pixel(100, 160)[3] < 8, "nothing left, above or below")
        // Direction 180: straight down, in the colour given (premultiplied bytes).
        let (down, _) = try Self.frame(Self.values(color: "[0,0,1,1]", direction: "180"))
        let below = down.pixel(100, 160)
        #expect(abs(Double(below[3]) - 255 * 0.75 * Self.phi(-0.1)) <= 4 && below[2] == below[3] && below[0] == 0, "\(below)")
        #expect(down.pixel(165, 100)[3] < 8)
    }

    @Test func aDropShadowsDistanceMoves() throws {
        // The distance grows from 0 at frame 0 to 20 at frame 20: at frame 10 the shadow's
        // edge lies at x 160, at frame 0 under the square's edge at x 150.
        let moving = Self.values(distance: #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[20]}]"#)
            .replacingOccurrences(of: #""nm":"Distance","v":{"a":0,"#, with: #""nm":"Distance","v":{"a":1,"#)
        let start = try Self.frame(moving, at: 0).image, middle = try Self.frame(moving, at: 10).image
        #expect(abs(Double(start.pixel(150, 100)[3]) - 255 * 0.75 * Self.phi(-0.1)) <= 4, "\(start.pixel(150, 100))")
        #expect(abs(Double(middle.pixel(160, 100)[3]) - 255 * 0.75 * Self.phi(-0.1)) <= 4, "\(middle.pixel(160, 100))")
    }

    @Test func whatADropShadowCannotDrawIsReported() throws {
        // The shadow alone, without the layer, is not a layer's shadow: the layer is drawn
        // with no shadow, and said so.
        let (image, unsupported) = try Self.frame(Self.values(), shadowOnly: true)
        #expect(unsupported == ["drop shadows shown alone (the layer is drawn, without them): #1"])
        #expect(image.pixel(160, 100)[3] == 0 && image.pixel(100, 100) == [255, 0, 0, 255])
    }
}
