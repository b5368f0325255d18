import Foundation
import FlipbookGraphics

/// The blurs. Each reads its input around every point, so it renders the input near the
/// region asked for into pixels first (`NeighbourhoodNode`).
extension FilterDefinition {
    private static let blurCategories = [kCICategoryBlur, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn]

    /// A Gaussian of standard deviation `inputRadius`, cut off at three deviations; the
    /// extent grows by as much.
    static let gaussianBlur = FilterDefinition(
        "CIGaussianBlur", displayName: "Gaussian Blur", categories: blurCategories + [kCICategoryHighDynamicRange],
        parameters: [.image(), .scalar(kCIInputRadiusKey, "Radius", .number(default: 10, min: 0, sliderMin: 0, sliderMax: 100, identity: 0),
                                       type: kCIAttributeTypeDistance)]
    ) { inputs in
        let sigma = inputs.number(kCIInputRadiusKey), image = inputs.image(kCIInputImageKey)
        guard sigma >= 0.05 else { return image }
        let half = Int((3 * sigma).rounded(.up))
        let weights = (-half...half).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        return separable(image, weights)
    }

    /// A box `2·round(inputRadius) + 1` pixels wide, along rows and then columns.
    static let boxBlur = FilterDefinition(
        "CIBoxBlur", displayName: "Box Blur", categories: blurCategories,
        parameters: [.image(), .scalar(kCIInputRadiusKey, "Radius", .number(default: 10, min: 1, sliderMin: 1, sliderMax: 100),
                                       type: kCIAttributeTypeDistance)]
    ) { inputs in
        let half = Int(inputs.number(kCIInputRadiusKey).rounded())
        return separable(inputs.image(kCIInputImageKey), Array(repeating: 1, count: 2 * half + 1))
    }

    /// The image averaged along a line `inputRadius` to each side at `inputAngle`.
    static let motionBlur = FilterDefinition(
        "CIMotionBlur", displayName: "Motion Blur", categories: blurCategories,
        parameters: [
            .image(),
            .scalar(kCIInputRadiusKey, "Radius", .number(default: 20, min: 0, sliderMin: 0, sliderMax: 100, identity: 0), type: kCIAttributeTypeDistance),
            .scalar(kCIInputAngleKey, "Angle", .number(default: 0, sliderMin: -.pi, sliderMax: .pi, identity: 0), type: kCIAttributeTypeAngle),
        ]
    ) { inputs in
        let radius = inputs.number(kCIInputRadiusKey), angle = inputs.number(kCIInputAngleKey)
        let step = SIMD2(cos(angle), sin(angle)) * radius
        let node = NeighbourhoodNode(input: inputs.image(kCIInputImageKey).node, reach: CGFloat(radius.rounded(.up) + 1)) { source, region, threads in
            source.averagedAlong(over: region, threads: threads) { p in (p - step, p + step) }
        }
        return CIImage(node: node)
    }

    /// Each point averaged along the line towards `inputCenter`, over `inputAmount` per
    /// cent of the way there (at most all of it): streaks that lengthen away from the centre.
    static let zoomBlur = FilterDefinition(
        "CIZoomBlur", displayName: "Zoom Blur", categories: blurCategories,
        parameters: [
            .image(), .center(),
            .scalar("inputAmount", "Amount", .number(default: 20, sliderMin: 0, sliderMax: 200, identity: 0), type: kCIAttributeTypeDistance),
        ]
    ) { inputs in
        let center = inputs.vector(kCIInputCenterKey).cgPoint
        let c = SIMD2(Double(center.x), Double(center.y))
        let share = min(max(inputs.number("inputAmount") / 100, -1), 1)
        let image = inputs.image(kCIInputImageKey)
        let reach: @Sendable (CGRect) -> CGFloat = { region in CGFloat(abs(share) * region.farthestCorner(from: c)) + 1 }
        let node = NeighbourhoodNode(input: image.node, extent: image.extent, reach: reach) { source, region, threads in
            source.averagedAlong(over: region, threads: threads) { p in (p, p + (c - p) * share) }
        }
        return CIImage(node: node)
    }

    /// `image` convolved with normalised `weights` along rows and columns.
    private static func separable(_ image: CIImage, _ weights: [Float]) -> CIImage {
        let total = weights.reduce(0, +)
        let normalised = weights.map { $0 / total }
        let node = NeighbourhoodNode(input: image.node, reach: CGFloat(weights.count / 2)) { source, region, threads in
            source.convolved(normalised, over: region, threads: threads)
        }
        return CIImage(node: node)
    }
}
