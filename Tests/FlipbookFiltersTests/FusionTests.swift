@testable import FlipbookFilters
import FlipbookGraphics
import Foundation
import Testing

/// Pointwise steps are fused: no intermediate image between them. Rendering every step
/// into pixels first (as an unfused pipeline would) must give the same pixels.
@Suite struct FusionTests {
    @Test func fusedAndUnfusedChainsAgree() throws {
        let target = CIImage(cgImage: FilterTestImages.target())
        let steps: [(CIImage) -> CIImage] = [
            { $0.applyingFilter("CIColorControls", parameters: [kCIInputSaturationKey: 1.4, kCIInputContrastKey: 1.2]) },
            { $0.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.5]) },
            { $0.applyingFilter("CIDissolveTransition", parameters: [kCIInputTargetImageKey: target, kCIInputTimeKey: 0.3]) },
            { $0.applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.8]) },
            { $0.applyingFilter("CIMultiplyBlendMode", parameters: [kCIInputBackgroundImageKey: target]) },
        ]
        let source = CIImage(cgImage: FilterTestImages.source())
        let fused = steps.reduce(source) { image, step in step(image) }
        let unfused = steps.reduce(source) { image, step in step(image.materialized()) }
        // The fused chain ends in a kernel over pointwise steps (kernels and a mix), with no raster between.
        #expect(fused.node is KernelNode)
        let a = try fused.rendered(), b = try unfused.rendered()
        #expect(a.premultipliedBytes == b.premultipliedBytes)
        #expect(a.premultipliedBytes != FilterTestImages.source().premultipliedBytes)
    }
}
