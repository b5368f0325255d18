import Foundation
import FlipbookGraphics

/// Porter–Duff compositing, the separable blend modes and blending through a mask.
extension FilterDefinition {
    private static let background = FilterParameter.image(kCIInputBackgroundImageKey, displayName: "Background Image")
    private static let compositeCategories = [kCICategoryCompositeOperation, kCICategoryVideo, kCICategoryStillImage, kCICategoryInterlaced,
                                              kCICategoryNonSquarePixels, kCICategoryBuiltIn]

    /// A filter combining `inputImage` (s) over `inputBackgroundImage` (b), premultiplied.
    private static func compositing(_ name: String, _ displayName: String, hdr: Bool = true,
                                    _ combine: @escaping @Sendable (_ s: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float>) -> FilterDefinition {
        FilterDefinition(name, displayName: displayName, categories: compositeCategories + (hdr ? [kCICategoryHighDynamicRange] : []),
                         parameters: [.image(), background]) { inputs in
            let s = inputs.image(kCIInputImageKey), b = inputs.image(kCIInputBackgroundImageKey)
            return s.combined(with: b, extent: s.extent.union(b.extent), combine)
        }
    }

    /// Porter–Duff operators and the other compositing filters.
    static let compositingFilters: [FilterDefinition] = [
        compositing("CISourceAtopCompositing", "Source Atop") { s, b in s * b.w + b * (1 - s.w) },
        compositing("CISourceInCompositing", "Source In") { s, b in s * b.w },
        compositing("CISourceOutCompositing", "Source Out") { s, b in s * (1 - b.w) },
        compositing("CIAdditionCompositing", "Addition") { s, b in s + b },
        compositing("CIMultiplyCompositing", "Multiply") { s, b in s * b },
        compositing("CIMinimumCompositing", "Minimum") { s, b in s.lanewiseMin(b) },
        compositing("CIMaximumCompositing", "Maximum") { s, b in s.lanewiseMax(b) },
    ]

    /// A separable blend mode: `blend(b, s)` on un-premultiplied channels, composited as
    /// the W3C compositing specification does — co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs).
    private static func blendMode(_ name: String, _ displayName: String,
                                  _ blend: @escaping @Sendable (_ b: Float, _ s: Float) -> Float) -> FilterDefinition {
        compositing(name, displayName, hdr: false) { s, b in
            let cs = s.unpremultiplied, cb = b.unpremultiplied
            let mixed = SIMD4(blend(cb.x, cs.x), blend(cb.y, cs.y), blend(cb.z, cs.z), 0)
            var out = s * (1 - b.w) + b * (1 - s.w) + mixed * (s.w * b.w)
            out.w = s.w + b.w - s.w * b.w
            return out
        }
    }

    @inline(__always) private static func hardLight(_ b: Float, _ s: Float) -> Float {
        s <= 0.5 ? b * 2 * s : 1 - (1 - b) * (1 - (2 * s - 1))
    }

    /// The separable blend modes.
    static let blendModes: [FilterDefinition] = [
        blendMode("CIMultiplyBlendMode", "Multiply Blend Mode") { b, s in b * s },
        blendMode("CIScreenBlendMode", "Screen Blend Mode") { b, s in b + s - b * s },
        blendMode("CIOverlayBlendMode", "Overlay Blend Mode") { b, s in hardLight(s, b) },
        blendMode("CIDarkenBlendMode", "Darken Blend Mode") { b, s in min(b, s) },
        blendMode("CILightenBlendMode", "Lighten Blend Mode") { b, s in max(b, s) },
        blendMode("CIColorDodgeBlendMode", "Color Dodge Blend Mode") { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) },
        blendMode("CIColorBurnBlendMode", "Color Burn Blend Mode") { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) },
        blendMode("CIHardLightBlendMode", "Hard Light Blend Mode") { b, s in hardLight(b, s) },
        blendMode("CISoftLightBlendMode", "Soft Light Blend Mode") { b, s in
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * (d - b)
        },
        blendMode("CIDifferenceBlendMode", "Difference Blend Mode") { b, s in abs(b - s) },
        blendMode("CIExclusionBlendMode", "Exclusion Blend Mode") { b, s in b + s - 2 * b * s },
        blendMode("CISubtractBlendMode", "Subtract Blend Mode") { b, s in max(b - s, 0) },
        blendMode("CIDivideBlendMode", "Divide Blend Mode") { b, s in s <= 0 ? (b > 0 ? 1 : 0) : min(b / s, 1) },
        blendMode("CILinearBurnBlendMode", "Linear Burn Blend Mode") { b, s in max(b + s - 1, 0) },
        blendMode("CILinearDodgeBlendMode", "Linear Dodge Blend Mode") { b, s in min(b + s, 1) },
    ]

    /// `inputImage` where the mask's luminance is 1, the background where it is 0.
    static let blendWithMask = FilterDefinition(
        "CIBlendWithMask", displayName: "Blend With Mask",
        categories: [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn],
        parameters: [.image(), .image(kCIInputBackgroundImageKey, displayName: "Background Image", optional: true),
                     .image(kCIInputMaskImageKey, displayName: "Mask Image")]
    ) { inputs in
        let image = inputs.image(kCIInputImageKey), mask = inputs.image(kCIInputMaskImageKey)
        let back = inputs.optionalImage(kCIInputBackgroundImageKey) ?? .empty()
        let node = KernelNode(inputs: [image.node, back.node, mask.node], extent: image.extent.union(back.extent)) { samples, rows, out, _ in
            let s = rows[0], b = rows[1], m = rows[2]
            for i in 0..<samples.count {
                let w = min(max(m[i].luminance, 0), 1)
                out[i] = b[i] + (s[i] - b[i]) * w
            }
        }
        return CIImage(node: node)
    }
}
