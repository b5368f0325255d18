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

    /// A 250 × 250 composition with a red square `size` wide about (100, 100), scaled by
    /// `scale` percent about it, filled by a Fill effect whose colour and opacity are
    /// `color` and `opacity` (JSON values; none when nil), at `frame`.
    static func filled(color: String?, opacity: String = #"{"a":0,"k":1}"#, size: Double = 100, scale: Double = 100,
                       at frame: Double = 0) throws -> (image: CGImage, unsupported: [String]) {
        let values = [(10, "Fill Mask", #"{"a":0,"k":0}"#), (7, "All Masks", #"{"a":0,"k":0}"#), (2, "Color", color ?? ""),
                      (7, "Invert", #"{"a":0,"k":0}"#), (0, "Horizontal Feather", #"{"a":0,"k":0}"#), (0, "Vertical Feather", #"{"a":0,"k":0}"#),
                      (0, "Opacity", opacity)]
            .map { #"{"ty":\#($0.0),"nm":"\#($0.1)""# + ($0.2.isEmpty ? "}" : #","v":\#($0.2)}"#) }.joined(separator: ",")
        let effect = #"{"ty":21,"nm":"Fill","mn":"ADBE Fill","en":1,"ef":[\#(values)]}"#
        let square = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\#(size),\#(size)]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}"#
        let transform = #""p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[\#(scale),\#(scale)]}"#
        let json = #"{"fr":30,"ip":0,"op":30,"w":250,"h":250,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{\#(transform)},"shapes":[\#(square)],"ef":[\#(effect)]}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        return (try LottieLayerTreeTests.render(animation, frame: frame), animation.unsupportedFeatures)
    }

    @Test func aFillEffectPaintsTheLayerInItsColour() throws {
        // lottie-web's matrix: every pixel the colour, alpha times the opacity; an edge's
        // partial alpha stays as it was.
        let plain = try Self.filled(color: nil).image
        let (image, unsupported) = try Self.filled(color: #"{"a":0,"k":[0,0,1,1]}"#)
        #expect(unsupported.isEmpty, "\(unsupported)")
        #expect(image.pixel(100, 100) == [0, 0, 255, 255] && image.pixel(30, 100)[3] == 0)
        let shifted = try Self.filled(color: #"{"a":0,"k":[0,0,1,1]}"#, scale: 100.5).image
        let edge = try Self.filled(color: nil, scale: 100.5).image.pixel(150, 100)
        #expect(edge[3] > 0 && edge[3] < 255 && shifted.pixel(150, 100) == [0, 0, edge[3], edge[3]], "\(edge) \(shifted.pixel(150, 100))")
        // Half the opacity: half the alpha. A file's 100 reads as lottie-web reads it (the
        // alpha times 100, clamped): opaque.
        #expect(try Self.filled(color: #"{"a":0,"k":[0,0,1,1]}"#, opacity: #"{"a":0,"k":0.5}"#).image.pixel(100, 100) == [0, 0, 128, 128])
        #expect(try Self.filled(color: #"{"a":0,"k":[0,0,1,1]}"#, opacity: #"{"a":0,"k":100}"#).image.pixel(100, 100) == [0, 0, 255, 255])
        // A fill without a colour is not drawn, and said so.
        let (unfilled, left) = try Self.filled(color: nil)
        #expect(unfilled.pixel(100, 100) == plain.pixel(100, 100) && plain.pixel(100, 100) == [255, 0, 0, 255])
        #expect(left == ["effects (fill): #1"])
    }

    @Test func aFillEffectsColourMovesAndReachesAShrunkLayer() throws {
        // Yellow at frame 0 to magenta at frame 20, straight: at frame 10, (1, ½, ½).
        let moving = #"{"a":1,"k":[{"t":0,"s":[1,1,0,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[1,0,1,1]}]}"#
        let middle = try Self.filled(color: moving, at: 10).image.pixel(100, 100)
        #expect(middle[0] == 255 && abs(Int(middle[1]) - 128) <= 1 && abs(Int(middle[2]) - 128) <= 1 && middle[3] == 255, "\(middle)")
        // A layer drawn at a hundredth of its size, and a square 100,000 wide drawn at a
        // thousandth: the colour still covers all of it.
        // The hundredth, a 1 × 1 square about (100, 100), covers a quarter of four pixels.
        let small = try Self.filled(color: #"{"a":0,"k":[0,0,1,1]}"#, scale: 1).image
        let quarters = [small.pixel(99, 99), small.pixel(100, 99), small.pixel(99, 100), small.pixel(100, 100)]
        #expect(quarters.allSatisfy { $0 == [0, 0, 64, 64] }, "\(quarters)")
        let large = try Self.filled(color: #"{"a":0,"k":[0,0,1,1]}"#, size: 100_000, scale: 0.1).image
        #expect(large.pixel(51, 51) == [0, 0, 255, 255] && large.pixel(148, 148) == [0, 0, 255, 255] && large.pixel(100, 100) == [0, 0, 255, 255])
    }

    /// A 250 × 250 composition with four 40 × 40 squares in a row from (20, 100) — black,
    /// grey (0.5), white and green — tinted by a Tint effect mapping black to `black` and
    /// white to `white` (JSON values) by `amount` percent, at `frame`.
    static func tinted(black: String, white: String = #"{"a":0,"k":[0,0,1,1]}"#, amount: String = #"{"a":0,"k":100}"#,
                       at frame: Double = 0) throws -> (image: CGImage, unsupported: [String]) {
        let squares = [("0,0,0", 40), ("0.5,0.5,0.5", 90), ("1,1,1", 140), ("0,1,0", 190)].map { colour, x in
            #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[\#(x),120]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[\#(colour)]},"o":{"a":0,"k":100}}]}"#
        }.joined(separator: ",")
        let values = [(2, "Map Black To", black), (2, "Map White To", white), (0, "Amount to Tint", amount)]
            .map { #"{"ty":\#($0.0),"nm":"\#($0.1)","v":\#($0.2)}"# }.joined(separator: ",")
        let effect = #"{"ty":20,"nm":"Tint","mn":"ADBE Tint","en":1,"ef":[\#(values)]}"#
        let json = #"{"fr":30,"ip":0,"op":30,"w":250,"h":250,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[\#(squares)],"ef":[\#(effect)]}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        return (try LottieLayerTreeTests.render(animation, frame: frame), animation.unsupportedFeatures)
    }

    /// ThorVG's tint of an opaque pixel: (1 − L) · black + L · white, L its luma (weights
    /// 0.2125, 0.7154, 0.0721, as Core Image's `CIMaskToAlpha` takes them), mixed with the
    /// pixel by `amount`.
    static func tint(_ pixel: SIMD3<Double>, black: SIMD3<Double>, white: SIMD3<Double>, amount: Double = 1) -> [UInt8] {
        let luma = (pixel * SIMD3(0.2125, 0.7154, 0.0721)).sum()
        let mixed = (black + (white - black) * luma) * amount + pixel * (1 - amount)
        return [mixed.x, mixed.y, mixed.z].map { UInt8(($0 * 255).rounded()) } + [255]
    }

    /// Whether `pixel` is within `levels` of `wanted` in every channel.
    static func near(_ pixel: [UInt8], _ wanted: [UInt8], _ levels: Int = 2) -> Bool {
        zip(pixel, wanted).allSatisfy { abs(Int($0) - Int($1)) <= levels }
    }

    @Test func aTintMapsLuminanceBetweenItsColours() throws {
        let (image, unsupported) = try Self.tinted(black: #"{"a":0,"k":[1,0,0,1]}"#)
        #expect(unsupported.isEmpty, "\(unsupported)")
        let inputs: [SIMD3<Double>] = [[0, 0, 0], [0.5, 0.5, 0.5], [1, 1, 1], [0, 1, 0]]
        for (x, input) in zip([40, 90, 140, 190], inputs) {
            let wanted = Self.tint(input, black: [1, 0, 0], white: [0, 0, 1])
            #expect(Self.near(image.pixel(x, 120), wanted), "\(input): \(image.pixel(x, 120)), ThorVG's \(wanted)")
        }
        #expect(image.pixel(10, 120) == [0, 0, 0, 0] && image.pixel(65, 120) == [0, 0, 0, 0], "nothing beside the squares")
        // Half the amount: half the pixel, half its tint.
        let half = try Self.tinted(black: #"{"a":0,"k":[1,0,0,1]}"#, amount: #"{"a":0,"k":50}"#).image
        for (x, input) in zip([40, 90, 140, 190], inputs) {
            let wanted = Self.tint(input, black: [1, 0, 0], white: [0, 0, 1], amount: 0.5)
            #expect(Self.near(half.pixel(x, 120), wanted), "\(input): \(half.pixel(x, 120)), ThorVG's \(wanted)")
        }
    }

    @Test func aTintsColoursMoveAndATintWithoutThemIsReported() throws {
        // Black maps to black at frame 0 and to green at frame 20, straight: (0, ½, 0) at 10.
        let moving = #"{"a":1,"k":[{"t":0,"s":[0,0,0,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[0,1,0,1]}]}"#
        let image = try Self.tinted(black: moving, at: 10).image
        #expect(Self.near(image.pixel(40, 120), Self.tint([0, 0, 0], black: [0, 0.5, 0], white: [0, 0, 1])), "\(image.pixel(40, 120))")
        let (plain, unsupported) = try Self.tinted(black: #"{"a":0,"k":[1,0,0,1]}"#, white: "null")
        #expect(unsupported == ["effects (tint): #1"] && plain.pixel(140, 120) == [255, 255, 255, 255])
    }
}

