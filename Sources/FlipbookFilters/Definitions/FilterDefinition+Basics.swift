import Foundation
import FlipbookGraphics

/// Compositing, generators and geometry.
extension FilterDefinition {
    /// `inputImage` over `inputBackgroundImage`.
    static let sourceOverCompositing = FilterDefinition(
        "CISourceOverCompositing", displayName: "Source Over",
        categories: [kCICategoryCompositeOperation, kCICategoryVideo, kCICategoryStillImage, kCICategoryInterlaced,
                     kCICategoryNonSquarePixels, kCICategoryHighDynamicRange, kCICategoryBuiltIn],
        parameters: [.image(), .image(kCIInputBackgroundImageKey, displayName: "Background Image")]
    ) { inputs in
        inputs.image(kCIInputImageKey).composited(over: inputs.image(kCIInputBackgroundImageKey))
    }

    /// One colour over an infinite extent.
    static let constantColorGenerator = FilterDefinition(
        "CIConstantColorGenerator", displayName: "Constant Color",
        categories: [kCICategoryGenerator, kCICategoryVideo, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn],
        parameters: [FilterParameter(kCIInputColorKey, .color(default: [1, 0, 0, 1]), type: kCIAttributeTypeColor, displayName: "Color")]
    ) { inputs in
        CIImage(color: inputs.color(kCIInputColorKey))
    }

    /// The part of the image inside `inputRectangle` (x, y, width, height).
    static let crop = FilterDefinition(
        "CICrop", displayName: "Crop",
        categories: [kCICategoryGeometryAdjustment, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn,
                     kCICategoryHighDynamicRange],
        parameters: [.image(), FilterParameter("inputRectangle", .vector(default: [-8.98847e+307, -8.98847e+307, 1.797693e+308, 1.797693e+308]),
                                               type: kCIAttributeTypeRectangle, displayName: "Rectangle")]
    ) { inputs in
        inputs.image(kCIInputImageKey).cropped(to: inputs.vector("inputRectangle").cgRect)
    }

    /// The image moved by `inputTransform`.
    static let affineTransform = FilterDefinition(
        "CIAffineTransform", displayName: "Affine Transform",
        categories: [kCICategoryGeometryAdjustment, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn],
        parameters: [.image(), FilterParameter(kCIInputTransformKey, .transform, type: kCIAttributeTypeTransform, displayName: "Transform")]
    ) { inputs in
        inputs.image(kCIInputImageKey).transformed(by: inputs.transform(kCIInputTransformKey))
    }
}
