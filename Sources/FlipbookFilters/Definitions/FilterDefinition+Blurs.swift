import Foundation
import FlipbookGraphics

/// The blurs. Each reads its input around every point, so it renders the input near the
/// region asked for into pixels first (`NeighbourhoodNode`).
extension FilterDefinition {
    private static let blurCategories = [kCICategoryBlur, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn]

    /// A Gaussian of standard deviation `inputRadius`, by recursion (`RecursiveGaussian`)
    /// reading four deviations around each pixel; beyond the recursion's largest σ, by
    /// convolution cut off at three deviations. As Apple's, the extent grows by four
    /// deviations on each side (8σ in all).
    static let gaussianBlur = FilterDefinition(
        "CIGaussianBlur", displayName: "Gaussian Blur", categories: blurCategories + [kCICategoryHighDynamicRange],
        parameters: [.image(), .scalar(kCIInputRadiusKey, "Radius", .number(default: 10, min: 0, sliderMin: 0, sliderMax: 100, identity: 0),
                                       type: kCIAttributeTypeDistance)]
    ) { inputs in
        let sigma = inputs.number(kCIInputRadiusKey), image = inputs.image(kCIInputImageKey)
        guard sigma >= 0.05 else { return image }
        let grows = CGFloat((4 * sigma).rounded(.up))
        guard sigma <= RecursiveGaussian.largestSigma else {
            let half = Int((3 * sigma).rounded(.up))
            let weights = (-half...half).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            return separable(image, weights, grows: grows)
        }
        let gaussian = RecursiveGaussian(sigma: sigma)
        let extent = image.extent.isUnbounded ? CGRect.infinite : image.extent.insetBy(dx: -grows, dy: -grows)
        let node = NeighbourhoodNode(input: image.node, extent: extent, reach: { _ in grows }) { source, region, threads in
            source.blurred(by: gaussian, over: region, threads: threads)
        }
        return CIImage(node: node)
    }

    /// A box about `inputRadius` pixels wide in all — `2·round(inputRadius / 2) + 1` —
    /// along rows and then columns: Apple's radius is the box's width (its radius 40 blurs
    /// as a half width of 19–20 does).
    static let boxBlur = FilterDefinition(
        "CIBoxBlur", displayName: "Box Blur", categories: blurCategories,
        parameters: [.image(), .scalar(kCIInputRadiusKey, "Radius", .number(default: 10, min: 1, sliderMin: 1, sliderMax: 100),
                                       type: kCIAttributeTypeDistance)]
    ) { inputs in
        let half = Int((inputs.number(kCIInputRadiusKey) / 2).rounded())
        return separable(inputs.image(kCIInputImageKey), Array(repeating: 1, count: 2 * half + 1), grows: CGFloat(half))
    }

    /// The image blurred along the direction of `inputAngle` only, by a Gaussian of
    /// standard deviation `inputRadius` (cut off at three deviations), as Apple's is; the
    /// extent grows by three deviations each way along the direction.
    static let motionBlur = FilterDefinition(
        "CIMotionBlur", displayName: "Motion Blur", categories: blurCategories,
        parameters: [
            .image(),
            .scalar(kCIInputRadiusKey, "Radius", .number(default: 20, min: 0, sliderMin: 0, sliderMax: 100, identity: 0), type: kCIAttributeTypeDistance),
            .scalar(kCIInputAngleKey, "Angle", .number(default: 0, sliderMin: -.pi, sliderMax: .pi, identity: 0), type: kCIAttributeTypeAngle),
        ]
    ) { inputs in
        let sigma = inputs.number(kCIInputRadiusKey), angle = inputs.number(kCIInputAngleKey), image = inputs.image(kCIInputImageKey)
        guard sigma >= 0.05 else { return image }
        let step = SIMD2(cos(angle), sin(angle)) * 3 * sigma
        let grown = image.extent.isUnbounded ? CGRect.infinite
            : image.extent.offsetBy(dx: -step.x, dy: -step.y).union(image.extent.offsetBy(dx: step.x, dy: step.y))
        let reach = CGFloat((3 * sigma).rounded(.up) + 1)
        // Taps from −3σ to +3σ: weight exp(−x² / 2σ²) at x = (s − ½) · 6σ.
        let profile: @Sendable (Double) -> Float = { s in Float(exp(-18 * (s - 0.5) * (s - 0.5))) }
        let node = NeighbourhoodNode(input: image.node, extent: grown, reach: { _ in reach }) { source, region, threads in
            source.raster(threads: threads).averagedAlong(over: region, threads: threads, weight: profile) { p in (p - step, p + step) }
        }
        return CIImage(node: node)
    }

    /// Each point averaged along the line towards `inputCenter`, over 1.5 × `inputAmount`
    /// per cent of the way there, as far as Apple's reach (at most 99 %): streaks that
    /// lengthen away from the centre. The extent is the input's scaled about the centre
    /// by 1 / (1 − that share), where the streaks of the input's edge end.
    static let zoomBlur = FilterDefinition(
        "CIZoomBlur", displayName: "Zoom Blur", categories: blurCategories,
        parameters: [
            .image(), .center(),
            .scalar("inputAmount", "Amount", .number(default: 20, sliderMin: 0, sliderMax: 200, identity: 0), type: kCIAttributeTypeDistance),
        ]
    ) { inputs in
        let center = inputs.vector(kCIInputCenterKey).cgPoint
        let c = SIMD2(Double(center.x), Double(center.y))
        let share = min(max(1.5 * inputs.number("inputAmount") / 100, -1), 0.99)
        let image = inputs.image(kCIInputImageKey)
        var extent = image.extent
        if share > 0, !extent.isUnbounded {
            let scale = 1 / (1 - share)
            extent = CGRect(x: Double(center.x) + (Double(extent.minX) - c.x) * scale, y: Double(center.y) + (Double(extent.minY) - c.y) * scale,
                            width: Double(extent.width) * scale, height: Double(extent.height) * scale)
        }
        let reach: @Sendable (CGRect) -> CGFloat = { region in CGFloat(abs(share) * region.farthestCorner(from: c)) + 1 }
        let node = NeighbourhoodNode(input: image.node, extent: extent, reach: reach) { source, region, threads in
            source.raster(threads: threads).averagedAlong(over: region, threads: threads) { p in (p, p + (c - p) * share) }
        }
        return CIImage(node: node)
    }

    /// `image` convolved with normalised `weights` along rows and columns; the extent
    /// grows by `grows` on each side.
    private static func separable(_ image: CIImage, _ weights: [Float], grows: CGFloat) -> CIImage {
        let total = weights.reduce(0, +)
        let normalised = weights.map { $0 / total }
        let extent = image.extent.isUnbounded ? CGRect.infinite : image.extent.insetBy(dx: -grows, dy: -grows)
        let reach = CGFloat(weights.count / 2)
        let node = NeighbourhoodNode(input: image.node, extent: extent, reach: { _ in reach }) { source, region, threads in
            source.raster(threads: threads).convolved(normalised, over: region, threads: threads)
        }
        return CIImage(node: node)
    }
}
