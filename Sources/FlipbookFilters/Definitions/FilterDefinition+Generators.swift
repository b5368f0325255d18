import Foundation
import FlipbookGraphics

/// Gradients and patterns: images of infinite extent, computed from the position alone.
/// Colours are mixed as premultiplied linear light, as Core Image mixes them.
extension FilterDefinition {
    private static let white = FilterParameter.color("inputColor0", "Color 1", [1, 1, 1, 1])
    private static let black = FilterParameter.color("inputColor1", "Color 2", [0, 0, 0, 1])

    /// `inputColor0` at `inputPoint0` to `inputColor1` at `inputPoint1`, constant beyond.
    static let linearGradient = FilterDefinition(
        "CILinearGradient", displayName: "Linear Gradient",
        categories: [kCICategoryGradient, kCICategoryVideo, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn],
        parameters: [.vector("inputPoint0", "Point 1", [0, 0]), .vector("inputPoint1", "Point 2", [200, 200]), white, black]
    ) { inputs in
        let (a, b) = (inputs.vector("inputPoint0").cgPoint, inputs.vector("inputPoint1").cgPoint)
        let start = SIMD2(Double(a.x), Double(a.y)), along = SIMD2(Double(b.x), Double(b.y)) - start
        let length = (along * along).sum()
        let from = inputs.color("inputColor0").working, to = inputs.color("inputColor1").working
        return .generated { p in
            let t = length > 0 ? Float(min(max(((p - start) * along).sum() / length, 0), 1)) : 1
            return from + (to - from) * t
        }
    }

    /// `inputColor0` inside the circle of `inputRadius0` around the centre to `inputColor1`
    /// outside that of `inputRadius1`.
    static let radialGradient = FilterDefinition(
        "CIRadialGradient", displayName: "Radial Gradient",
        categories: [kCICategoryGradient, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn],
        parameters: [
            .center(),
            .scalar("inputRadius0", "Radius 1", .number(default: 5, min: 0, sliderMin: 0, sliderMax: 800), type: kCIAttributeTypeDistance),
            .scalar("inputRadius1", "Radius 2", .number(default: 100, min: 0, sliderMin: 0, sliderMax: 800), type: kCIAttributeTypeDistance),
            white, black,
        ]
    ) { inputs in
        let point = inputs.vector(kCIInputCenterKey).cgPoint, c = SIMD2(Double(point.x), Double(point.y))
        let r0 = inputs.number("inputRadius0"), r1 = inputs.number("inputRadius1")
        let from = inputs.color("inputColor0").working, to = inputs.color("inputColor1").working
        return .generated { p in
            let r = ((p - c) * (p - c)).sum().squareRoot()
            let t = r1 == r0 ? (r < r0 ? 0 : 1) : Float(min(max((r - r0) / (r1 - r0), 0), 1))
            return from + (to - from) * t
        }
    }

    private static let patternParameters: [FilterParameter] = [
        .center(), white, black,
        .scalar(kCIInputWidthKey, "Width", .number(default: 80, sliderMin: 0, sliderMax: 800), type: kCIAttributeTypeDistance),
        .scalar(kCIInputSharpnessKey, "Sharpness", .number(default: 1, min: 0, max: 1, sliderMin: 0, sliderMax: 1)),
    ]
    private static let patternCategories = [kCICategoryGenerator, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn]

    /// Squares `inputWidth` wide, a corner at the centre, `inputColor0` in the square above
    /// and right of it; edges soften as the sharpness falls.
    static let checkerboardGenerator = FilterDefinition(
        "CICheckerboardGenerator", displayName: "Checkerboard", categories: patternCategories, parameters: patternParameters
    ) { inputs in
        pattern(inputs) { u, v in
            // ±1 square waves multiplied: +1 on the first colour's squares.
            u * v
        }
    }

    /// Vertical stripes `inputWidth` wide: as Apple draws them, `inputColor1` in the
    /// stripe right of the centre, `inputColor0` in the one left of it.
    static let stripesGenerator = FilterDefinition(
        "CIStripesGenerator", displayName: "Stripes", categories: patternCategories, parameters: patternParameters
    ) { inputs in
        pattern(inputs) { u, _ in -u }
    }

    /// A two-colour pattern from soft square waves across x (u) and y (v): `shape` gives
    /// +1 for the first colour and −1 for the second.
    private static func pattern(_ inputs: FilterInputs, shape: @escaping @Sendable (Float, Float) -> Float) -> CIImage {
        let point = inputs.vector(kCIInputCenterKey).cgPoint, c = SIMD2(Double(point.x), Double(point.y))
        let width = max(inputs.number(kCIInputWidthKey), 1e-6), sharpness = inputs.number(kCIInputSharpnessKey)
        // The soft edge's half width, in widths: none when sharp, half a square when 0.
        let soft = max((1 - sharpness) / 2, 1e-4)
        let first = inputs.color("inputColor0").working, second = inputs.color("inputColor1").working
        @Sendable func wave(_ x: Double) -> Float {
            let phase = x / width - (x / width / 2).rounded(.down) * 2  // 0…2: first square, then second
            let edge = min(phase, abs(1 - phase), 2 - phase)  // distance to the nearest edge, in widths
            let side: Double = phase < 1 ? 1 : -1
            return Float(side * min(edge / soft, 1))
        }
        return .generated { p in
            let s = shape(wave(p.x - c.x), wave(p.y - c.y))
            return second + (first - second) * ((s + 1) / 2)
        }
    }
}
