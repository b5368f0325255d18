import Foundation
import FlipbookGraphics

/// The transition filters: each goes from `inputImage` at time 0 to `inputTargetImage`
/// at time 1, exactly, over the union of their extents.
extension FilterDefinition {
    private static let transitionCategories = [kCICategoryTransition, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn]

    /// A transition whose output at each point mixes the two images by `weight` (0: the
    /// input, 1: the target).
    static func mixing(_ inputs: FilterInputs, _ weight: MixWeight) -> CIImage {
        CIImage(node: MixNode(from: inputs.image(kCIInputImageKey).node, to: inputs.image(kCIInputTargetImageKey).node, weight: weight))
    }

    /// A uniform cross-fade.
    static let dissolveTransition = FilterDefinition(
        "CIDissolveTransition", displayName: "Dissolve",
        categories: [kCICategoryTransition, kCICategoryVideo, kCICategoryStillImage, kCICategoryInterlaced,
                     kCICategoryNonSquarePixels, kCICategoryBuiltIn],
        parameters: [.image(), .targetImage, .time]
    ) { inputs in
        mixing(inputs, .ramp(gradient: .zero, offset: inputs.number(kCIInputTimeKey)))
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
        return mixing(inputs, .field(pattern.coverage))
    }

    /// A starburst of colour that fills the extent, then fades to the target (`FlashBurst`).
    static let flashTransition = FilterDefinition(
        "CIFlashTransition", displayName: "Flash", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, .center(),
            extent(),
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

    private static func extent(_ x: CGFloat = 300) -> FilterParameter {
        FilterParameter(kCIInputExtentKey, .vector(default: [0, 0, x, x]), type: kCIAttributeTypeRectangle, displayName: "Extent")
    }

    /// The `inputExtent` rectangle, or the input image's extent when that is empty.
    private static func effectExtent(_ inputs: FilterInputs) -> CGRect {
        let rect = inputs.vector(kCIInputExtentKey).cgRect
        return rect.isEmpty ? inputs.image(kCIInputImageKey).extent : rect
    }

    /// Unfolding and cross-fading (`AccordionFold`).
    static let accordionFoldTransition = FilterDefinition(
        "CIAccordionFoldTransition", displayName: "Accordion Fold Transition", categories: transitionCategories,
        parameters: [
            .image(), .targetImage,
            .scalar("inputBottomHeight", "Bottom Height", .number(default: 0, min: 0), type: kCIAttributeTypeDistance),
            .scalar("inputNumberOfFolds", "Number of Folds", .number(default: 3, min: 1, max: 50, sliderMin: 1, sliderMax: 10)),
            .scalar("inputFoldShadowAmount", "Fold Shadow Amount", .number(default: 0.1, min: 0, max: 1, sliderMin: 0, sliderMax: 1)),
            .time,
        ]
    ) { inputs in
        let from = inputs.image(kCIInputImageKey), to = inputs.image(kCIInputTargetImageKey)
        return AccordionFold(from: from.extent, to: to.extent, bottomHeight: inputs.number("inputBottomHeight"),
                             numberOfFolds: inputs.number("inputNumberOfFolds"),
                             foldShadowAmount: inputs.number("inputFoldShadowAmount"), time: inputs.number(kCIInputTimeKey))
            .image(from: from, to: to)
    }

    /// Bars of the source sliding away (`BarSlide`).
    static let barsSwipeTransition = FilterDefinition(
        "CIBarsSwipeTransition", displayName: "Bars Swipe Transition", categories: transitionCategories,
        parameters: [
            .image(), .targetImage,
            .scalar(kCIInputAngleKey, "Angle", .number(default: .pi, sliderMin: 0, sliderMax: 2 * .pi, identity: 0), type: kCIAttributeTypeAngle),
            .scalar(kCIInputWidthKey, "Width", .number(default: 30, min: 2, sliderMin: 2, sliderMax: 300), type: kCIAttributeTypeDistance),
            .scalar("inputBarOffset", "Bar Offset", .number(default: 10, min: 1, sliderMin: 1, sliderMax: 100)),
            .time,
        ]
    ) { inputs in
        let from = inputs.image(kCIInputImageKey)
        return BarSlide(source: from.extent, angle: inputs.number(kCIInputAngleKey), width: inputs.number(kCIInputWidthKey),
                        barOffset: inputs.number("inputBarOffset"), time: inputs.number(kCIInputTimeKey))
            .image(from: from, to: inputs.image(kCIInputTargetImageKey))
    }

    /// A copier's light sweeping across (`SwipeBand`).
    static let copyMachineTransition = FilterDefinition(
        "CICopyMachineTransition", displayName: "Copy Machine", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, extent(),
            FilterParameter(kCIInputColorKey, .color(default: [0.6, 1, 0.8, 1]), type: kCIAttributeTypeOpaqueColor, displayName: "Color"),
            .time,
            .scalar(kCIInputAngleKey, "Angle", .number(default: 0, min: 0, sliderMin: 0, sliderMax: 2 * .pi, identity: 0), type: kCIAttributeTypeAngle),
            .scalar(kCIInputWidthKey, "Width", .number(default: 200, min: 0.1, sliderMin: 0.1, sliderMax: 500, identity: 200),
                   type: kCIAttributeTypeDistance),
            .scalar("inputOpacity", "Opacity", .number(default: 1.3, min: 0, sliderMin: 0, sliderMax: 3, identity: 1.3)),
        ]
    ) { inputs in
        SwipeBand(.copier, extent: effectExtent(inputs), angle: inputs.number(kCIInputAngleKey), width: inputs.number(kCIInputWidthKey),
                  color: inputs.color(kCIInputColorKey), opacity: inputs.number("inputOpacity"), time: inputs.number(kCIInputTimeKey))
            .image(from: inputs.image(kCIInputImageKey), to: inputs.image(kCIInputTargetImageKey))
    }

    /// The target taking over in the order a mask gives (`Disintegration`).
    static let disintegrateWithMaskTransition = FilterDefinition(
        "CIDisintegrateWithMaskTransition", displayName: "Disintegrate With Mask", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, .image(kCIInputMaskImageKey, displayName: "Mask Image"), .time,
            .scalar("inputShadowRadius", "Shadow Radius", .number(default: 8, min: 0, sliderMin: 0, sliderMax: 50), type: kCIAttributeTypeDistance),
            .scalar("inputShadowDensity", "Shadow Density", .number(default: 0.65, min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0)),
            FilterParameter("inputShadowOffset", .vector(default: [0, -10], identity: [0, 0]), type: kCIAttributeTypeOffset, displayName: "Shadow Offset"),
        ]
    ) { inputs in
        Disintegration(shadowRadius: inputs.number("inputShadowRadius"), shadowDensity: inputs.number("inputShadowDensity"),
                       shadowOffset: inputs.vector("inputShadowOffset").cgPoint, time: inputs.number(kCIInputTimeKey))
            .image(from: inputs.image(kCIInputImageKey), to: inputs.image(kCIInputTargetImageKey), mask: inputs.image(kCIInputMaskImageKey))
    }

    private static let curlAngle = FilterParameter.scalar(kCIInputAngleKey, "Angle", .number(default: 0, sliderMin: -.pi, sliderMax: .pi, identity: 0),
                                          type: kCIAttributeTypeAngle)
    private static let curlRadius = FilterParameter.scalar(kCIInputRadiusKey, "Radius", .number(default: 100, min: 0.01, sliderMin: 0.01, sliderMax: 400),
                                           type: kCIAttributeTypeDistance)
    private static let backside = FilterParameter.image("inputBacksideImage", displayName: "Backside Image", optional: true)

    /// A page turning over a cylinder (`PageCurl`).
    static let pageCurlTransition = FilterDefinition(
        "CIPageCurlTransition", displayName: "Page Curl", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, backside, .image(kCIInputShadingImageKey, displayName: "Shading Image", optional: true),
            extent(), .time, curlAngle, curlRadius,
        ]
    ) { inputs in
        PageCurl(page: inputs.image(kCIInputImageKey).extent, extent: effectExtent(inputs), angle: inputs.number(kCIInputAngleKey),
                 radius: inputs.number(kCIInputRadiusKey), time: inputs.number(kCIInputTimeKey))
            .image(from: inputs.image(kCIInputImageKey), to: inputs.image(kCIInputTargetImageKey),
                   backside: inputs.optionalImage("inputBacksideImage"), shading: inputs.optionalImage(kCIInputShadingImageKey))
    }

    /// A page curl casting a shadow on the target (`PageCurl`).
    static let pageCurlWithShadowTransition = FilterDefinition(
        "CIPageCurlWithShadowTransition", displayName: "Page Curl With Shadow", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, backside, extent(0), .time, curlAngle, curlRadius,
            .scalar("inputShadowSize", "Shadow Size", .number(default: 0.5, min: 0, max: 1, sliderMin: 0, sliderMax: 1), type: kCIAttributeTypeDistance),
            .scalar("inputShadowAmount", "Shadow Amount", .number(default: 0.7, min: 0, max: 1, sliderMin: 0, sliderMax: 1), type: kCIAttributeTypeDistance),
            FilterParameter("inputShadowExtent", .vector(default: [0, 0, 0, 0]), type: kCIAttributeTypeRectangle, displayName: "Shadow Extent"),
        ]
    ) { inputs in
        let shadow = (amount: inputs.number("inputShadowAmount"), size: inputs.number("inputShadowSize"),
                      extent: inputs.vector("inputShadowExtent").cgRect)
        return PageCurl(page: inputs.image(kCIInputImageKey).extent, extent: effectExtent(inputs), angle: inputs.number(kCIInputAngleKey),
                        radius: inputs.number(kCIInputRadiusKey), time: inputs.number(kCIInputTimeKey), shadow: shadow)
            .image(from: inputs.image(kCIInputImageKey), to: inputs.image(kCIInputTargetImageKey),
                   backside: inputs.optionalImage("inputBacksideImage"), shading: nil)
    }

    /// An expanding ring wave (`RippleWave`).
    static let rippleTransition = FilterDefinition(
        "CIRippleTransition", displayName: "Ripple", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, .image(kCIInputShadingImageKey, displayName: "Shading Image", optional: true),
            .center(), extent(), .time,
            .scalar(kCIInputWidthKey, "Width", .number(default: 100, min: 1, sliderMin: 10, sliderMax: 300), type: kCIAttributeTypeDistance),
            .scalar(kCIInputScaleKey, "Scale", .number(default: 50, min: -50, sliderMin: -50, sliderMax: 50, identity: 0)),
        ]
    ) { inputs in
        RippleWave(center: inputs.vector(kCIInputCenterKey).cgPoint, extent: effectExtent(inputs), width: inputs.number(kCIInputWidthKey),
                   scale: inputs.number(kCIInputScaleKey), time: inputs.number(kCIInputTimeKey))
            .image(from: inputs.image(kCIInputImageKey), to: inputs.image(kCIInputTargetImageKey),
                   shading: inputs.optionalImage(kCIInputShadingImageKey))
    }

    /// A soft-edged wipe, optionally tinted (`SwipeBand`).
    static let swipeTransition = FilterDefinition(
        "CISwipeTransition", displayName: "Swipe", categories: transitionCategories,
        parameters: [
            .image(), .targetImage, extent(),
            FilterParameter(kCIInputColorKey, .color(default: [1, 1, 1, 1]), type: kCIAttributeTypeOpaqueColor, displayName: "Color"),
            .time,
            .scalar(kCIInputAngleKey, "Angle", .number(default: 0, sliderMin: -.pi, sliderMax: .pi, identity: 0), type: kCIAttributeTypeAngle),
            .scalar(kCIInputWidthKey, "Width", .number(default: 300, min: 0.1, sliderMin: 0.1, sliderMax: 800), type: kCIAttributeTypeDistance),
            .scalar("inputOpacity", "Opacity", .number(default: 0, min: 0, sliderMin: 0, sliderMax: 1, identity: 0)),
        ]
    ) { inputs in
        SwipeBand(.swipe, extent: effectExtent(inputs), angle: inputs.number(kCIInputAngleKey), width: inputs.number(kCIInputWidthKey),
                  color: inputs.color(kCIInputColorKey), opacity: inputs.number("inputOpacity"), time: inputs.number(kCIInputTimeKey))
            .image(from: inputs.image(kCIInputImageKey), to: inputs.image(kCIInputTargetImageKey))
    }
}
