import Foundation
import FlipbookGraphics

/// The transition filters: each goes from `inputImage` at time 0 to `inputTargetImage`
/// at time 1, exactly, over the union of their extents.
extension FilterDefinition {
    private static let transitionCategories = [kCICategoryTransition, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn]

    /// A transition whose output at each point mixes the two images by a weight (0: the
    /// input, 1: the target) that `weight` computes for a row of samples.
    static func mixing(_ inputs: FilterInputs, weight: @escaping @Sendable (Samples, UnsafeMutableBufferPointer<Float>) -> Void) -> CIImage {
        let from = inputs.image(kCIInputImageKey), to = inputs.image(kCIInputTargetImageKey)
        let node = KernelNode(inputs: [from.node, to.node], extent: from.extent.union(to.extent)) { samples, rows, out, scratch in
            let a = rows[0], b = rows[1]
            scratch.withScalars(samples.count) { weights in
                weight(samples, weights)
                for i in 0..<samples.count {
                    let w = weights[i]
                    out[i] = w <= 0 ? a[i] : w >= 1 ? b[i] : a[i] + (b[i] - a[i]) * w
                }
            }
        }
        return CIImage(node: node)
    }

    /// A uniform cross-fade.
    static let dissolveTransition = FilterDefinition(
        "CIDissolveTransition", displayName: "Dissolve",
        categories: [kCICategoryTransition, kCICategoryVideo, kCICategoryStillImage, kCICategoryInterlaced,
                     kCICategoryNonSquarePixels, kCICategoryBuiltIn],
        parameters: [.image(), .targetImage, .time]
    ) { inputs in
        let time = Float(inputs.number(kCIInputTimeKey))
        return mixing(inputs) { _, weights in weights.update(repeating: time) }
    }

    /// The target shows through holes patterned around the centre (`ModPattern`).
    static let modTransition = FilterDefinition(
        "CIModTransition", displayName: "Mod", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, .center(), .time,
            FilterParameter(kCIInputAngleKey, .number(default: 2, sliderMin: -2 * .pi, sliderMax: 2 * .pi, identity: 0),
                            type: kCIAttributeTypeAngle, displayName: "Angle"),
            FilterParameter(kCIInputRadiusKey, .number(default: 150, min: 1, sliderMin: 1, sliderMax: 200),
                            type: kCIAttributeTypeDistance, displayName: "Radius"),
            FilterParameter("inputCompression", .number(default: 300, min: 1, sliderMin: 100, sliderMax: 800),
                            type: kCIAttributeTypeDistance, displayName: "Compression"),
        ]
    ) { inputs in
        let pattern = ModPattern(center: inputs.vector(kCIInputCenterKey).cgPoint, angle: inputs.number(kCIInputAngleKey),
                                 radius: inputs.number(kCIInputRadiusKey), compression: inputs.number("inputCompression"),
                                 time: inputs.number(kCIInputTimeKey))
        return mixing(inputs) { samples, weights in
            for i in 0..<samples.count { weights[i] = pattern.coverage(at: samples.point(i)) }
        }
    }

    /// A starburst of colour that fills the extent, then fades to the target (`FlashBurst`).
    static let flashTransition = FilterDefinition(
        "CIFlashTransition", displayName: "Flash", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, .center(),
            FilterParameter(kCIInputExtentKey, .vector(default: [0, 0, 300, 300]), type: kCIAttributeTypeRectangle, displayName: "Extent"),
            FilterParameter(kCIInputColorKey, .color(default: [1, 0.8, 0.6, 1]), type: kCIAttributeTypeColor, displayName: "Color"),
            .time,
            FilterParameter("inputMaxStriationRadius", .number(default: 2.58, min: 0, sliderMin: 0, sliderMax: 10),
                            type: kCIAttributeTypeScalar, displayName: "Maximum Striation Radius"),
            FilterParameter("inputStriationStrength", .number(default: 0.5, min: 0, sliderMin: 0, sliderMax: 3),
                            type: kCIAttributeTypeScalar, displayName: "Striation Strength"),
            FilterParameter("inputStriationContrast", .number(default: 1.375, min: 0, sliderMin: 0, sliderMax: 5),
                            type: kCIAttributeTypeScalar, displayName: "Striation Contrast"),
            FilterParameter("inputFadeThreshold", .number(default: 0.85, min: 0, max: 1, sliderMin: 0, sliderMax: 1),
                            type: kCIAttributeTypeScalar, displayName: "Fade Threshold"),
        ]
    ) { inputs in
        let burst = FlashBurst(center: inputs.vector(kCIInputCenterKey).cgPoint, extent: inputs.vector(kCIInputExtentKey).cgRect,
                               maxStriationRadius: inputs.number("inputMaxStriationRadius"),
                               striationStrength: inputs.number("inputStriationStrength"),
                               striationContrast: inputs.number("inputStriationContrast"),
                               fadeThreshold: inputs.number("inputFadeThreshold"), time: inputs.number(kCIInputTimeKey))
        return burst.image(from: inputs.image(kCIInputImageKey), to: inputs.image(kCIInputTargetImageKey),
                           color: inputs.color(kCIInputColorKey))
    }
}
