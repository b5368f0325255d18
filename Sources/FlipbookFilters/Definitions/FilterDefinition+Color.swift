import Foundation
import FlipbookGraphics

/// Colour adjustments and effects: pointwise, so they fuse with the steps around them.
/// They work, as Core Image does, on linear-light values, un-premultiplied where the
/// formula needs colour rather than light.
extension FilterDefinition {
    private static let adjustment = [kCICategoryColorAdjustment, kCICategoryVideo, kCICategoryStillImage, kCICategoryInterlaced,
                                     kCICategoryNonSquarePixels, kCICategoryBuiltIn]

    /// Saturation mixes each colour with its luminance (0: grey, 1: unchanged); brightness
    /// is added; contrast scales the distance from mid-grey.
    static let colorControls = FilterDefinition(
        "CIColorControls", displayName: "Color Controls", categories: adjustment,
        parameters: [
            .image(),
            .scalar(kCIInputSaturationKey, "Saturation", .number(default: 1, min: 0, sliderMin: 0, sliderMax: 2, identity: 1)),
            .scalar(kCIInputBrightnessKey, "Brightness", .number(default: 0, min: -1, sliderMin: -1, sliderMax: 1, identity: 0)),
            .scalar(kCIInputContrastKey, "Contrast", .number(default: 1, min: 0, sliderMin: 0.25, sliderMax: 4, identity: 1)),
        ]
    ) { inputs in
        let saturation = Float(inputs.number(kCIInputSaturationKey)), brightness = Float(inputs.number(kCIInputBrightnessKey))
        let contrast = Float(inputs.number(kCIInputContrastKey))
        return inputs.image(kCIInputImageKey).mapped { value in
            var c = value.unpremultiplied
            let grey = SIMD4<Float>(repeating: c.luminance)
            c = grey + (c - grey) * saturation + brightness
            c = (c - 0.5) * contrast + 0.5
            return SIMD4(max(c.x, 0), max(c.y, 0), max(c.z, 0), value.w).premultiplied
        }
    }

    /// Each channel the dot product of the colour with its vector, plus the bias.
    static let colorMatrix = FilterDefinition(
        "CIColorMatrix", displayName: "Color Matrix", categories: adjustment + [kCICategoryHighDynamicRange],
        parameters: [
            .image(),
            .vector("inputRVector", "Red Vector", [1, 0, 0, 0], type: kCIAttributeTypeOffset, identity: [1, 0, 0, 0]),
            .vector("inputGVector", "Green Vector", [0, 1, 0, 0], type: kCIAttributeTypeOffset, identity: [0, 1, 0, 0]),
            .vector("inputBVector", "Blue Vector", [0, 0, 1, 0], type: kCIAttributeTypeOffset, identity: [0, 0, 1, 0]),
            .vector("inputAVector", "Alpha Vector", [0, 0, 0, 1], type: kCIAttributeTypeOffset, identity: [0, 0, 0, 1]),
            .vector("inputBiasVector", "Bias Vector", [0, 0, 0, 0], type: kCIAttributeTypeOffset, identity: [0, 0, 0, 0]),
        ]
    ) { inputs in
        func row(_ key: String) -> SIMD4<Float> {
            let v = inputs.vector(key)
            return SIMD4(Float(v.value(at: 0)), Float(v.value(at: 1)), Float(v.value(at: 2)), Float(v.value(at: 3)))
        }
        let (r, g, b, a, bias) = (row("inputRVector"), row("inputGVector"), row("inputBVector"), row("inputAVector"), row("inputBiasVector"))
        return inputs.image(kCIInputImageKey).mapped { value in
            let c = value.unpremultiplied
            let out = SIMD4((c * r).sum(), (c * g).sum(), (c * b).sum(), (c * a).sum()) + bias
            return SIMD4(out.x, out.y, out.z, min(max(out.w, 0), 1)).premultiplied
        }
    }

    /// The light multiplied by 2^EV, as a camera's exposure.
    static let exposureAdjust = FilterDefinition(
        "CIExposureAdjust", displayName: "Exposure", categories: adjustment + [kCICategoryHighDynamicRange],
        parameters: [.image(), .scalar(kCIInputEVKey, "EV", .number(default: 0, sliderMin: -10, sliderMax: 10, identity: 0))]
    ) { inputs in
        let gain = Float(pow(2, inputs.number(kCIInputEVKey)))
        return inputs.image(kCIInputImageKey).mapped { value in SIMD4(value.x * gain, value.y * gain, value.z * gain, value.w) }
    }

    /// Darkening towards the corners: at distance d from the image's centre (in half
    /// diagonals) the light is multiplied by 1 − intensity · min(d / radius, 1)²; a negative
    /// intensity brightens instead.
    static let vignette = FilterDefinition(
        "CIVignette", displayName: "Vignette",
        categories: [kCICategoryColorEffect, kCICategoryVideo, kCICategoryInterlaced, kCICategoryStillImage, kCICategoryBuiltIn],
        parameters: [
            .image(),
            .scalar(kCIInputIntensityKey, "Intensity", .number(default: 0, min: -1, max: 1, sliderMin: -1, sliderMax: 1, identity: 0)),
            .scalar(kCIInputRadiusKey, "Radius", .number(default: 1, min: 0, max: 2, sliderMin: 0, sliderMax: 2, identity: 0),
                    type: kCIAttributeTypeDistance),
        ]
    ) { inputs in
        let image = inputs.image(kCIInputImageKey), box = image.extent
        guard !box.isUnbounded, !box.isEmpty else { return image }
        let centre = box.centre, halfDiagonal = hypot(Double(box.width), Double(box.height)) / 2
        let intensity = Float(inputs.number(kCIInputIntensityKey)), radius = max(inputs.number(kCIInputRadiusKey), 1e-6)
        return image.mapped { value, p in
            let d = Float(min(((p - centre) * (p - centre)).sum().squareRoot() / halfDiagonal / radius, 1))
            let light = max(1 - intensity * d * d, 0)
            return SIMD4(value.x * light, value.y * light, value.z * light, value.w)
        }
    }

    /// White, with an alpha of the colour's luminance — 0.2125 R + 0.7154 G + 0.0721 B
    /// (SVG's `luminanceToAlpha` weights) over the premultiplied sRGB values a picture
    /// stores, so a mid-grey pixel becomes half-transparent white and a transparent one
    /// stays transparent. Layers drawn with this filter (`CALayer.filters`) get the same.
    static let maskToAlpha = FilterDefinition(
        "CIMaskToAlpha", displayName: "Mask to Alpha",
        categories: [kCICategoryColorEffect, kCICategoryVideo, kCICategoryInterlaced, kCICategoryNonSquarePixels,
                     kCICategoryStillImage, kCICategoryBuiltIn],
        parameters: [.image()]
    ) { inputs in
        inputs.image(kCIInputImageKey).mapped { value in
            let c = value.unpremultiplied
            func encoded(_ v: Float) -> Float { Float(SRGBTransfer.encoded(Double(v))) }
            let alpha = min(max((0.2125 * encoded(c.x) + 0.7154 * encoded(c.y) + 0.0721 * encoded(c.z)) * c.w, 0), 1)
            return SIMD4(repeating: alpha)
        }
    }

    /// Squares `inputScale` wide, one centred on `inputCenter`, each the colour at its centre.
    static let pixellate = FilterDefinition(
        "CIPixellate", displayName: "Pixelate", categories: [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn],
        parameters: [.image(), .center(), .scalar(kCIInputScaleKey, "Scale", .number(default: 8, min: 1, sliderMin: 1, sliderMax: 100),
                                                  type: kCIAttributeTypeDistance)]
    ) { inputs in
        let image = inputs.image(kCIInputImageKey), scale = inputs.number(kCIInputScaleKey)
        let point = inputs.vector(kCIInputCenterKey).cgPoint
        let origin = SIMD2(Double(point.x), Double(point.y)) - scale / 2
        let node = WarpNode(inputs: [image.node], extent: image.extent) { samples, points, weights in
            for i in 0..<samples.count {
                let cell = ((samples.point(i) - origin) / scale).rounded(.down)
                points[0][i] = origin + (cell + 0.5) * scale
                weights[i] = SIMD4(1, 0, 0, 1)
            }
        }
        return CIImage(node: node)
    }
}
