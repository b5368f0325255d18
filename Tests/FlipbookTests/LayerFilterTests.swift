import Flipbook
@testable import FlipbookAnimation
import FlipbookTestSupport
import Testing

/// `CALayer.filters` as macOS has them: Core Image filters over the layer's whole rendering,
/// before its mask and opacity. Flipbook draws `CIMaskToAlpha`: white masked by the
/// luminance of the stored sRGB values (SVG's luminanceToAlpha weights), so a layer of
/// greys used as a mask is a luminance mask.
@MainActor
@Suite(.serialized) struct LayerFilterTests {
    /// A red layer 40 × 10 masked by a layer of four 10-point squares — white, 50 % grey,
    /// black, transparent — whose `filters` are `filters`.
    private func render(maskFilters filters: [Any]?) throws -> CGImage { try draw(maskFilters: filters).image }

    private func draw(maskFilters filters: [Any]?) throws -> (image: CGImage, tree: String) {
        AnimationHost.shared.reset(time: 0)
        let red = CALayer(), mask = CALayer()
        red.frame = CGRect(x: 0, y: 0, width: 40, height: 10)
        red.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        mask.frame = red.bounds
        for (index, grey) in [1.0, 128.0 / 255, 0].enumerated() {
            let square = CALayer()
            square.frame = CGRect(x: CGFloat(index) * 10, y: 0, width: 10, height: 10)
            square.backgroundColor = CGColor(srgbRed: grey, green: grey, blue: grey, alpha: 1)
            mask.addSublayer(square)
        }
        mask.filters = filters
        red.mask = mask
        AnimationHost.shared.tick()
        let snapshot = AnimationHost.shared.renderTree(of: red)
        let tree = snapshot.frameTree(snapshot.evaluate(at: 0), bounds: red.bounds, scale: 1).description
        return (try CARenderer(layer: red, bounds: red.bounds).render(at: 0), tree)
    }

    @Test func maskToAlphaMakesAMaskOfTheLuminance() throws {
        let (image, tree) = try draw(maskFilters: [CIFilter.maskToAlpha()])
        #expect(image.pixel(5, 5) == [255, 0, 0, 255])
        #expect(image.pixel(15, 5) == [128, 0, 0, 128])
        #expect(image.pixel(25, 5) == [0, 0, 0, 0] && image.pixel(35, 5) == [0, 0, 0, 0])
        #expect(tree.contains("mask to alpha"), "\(tree)")
    }

    @Test func withoutTheFilterTheMaskIsItsAlpha() throws {
        let image = try render(maskFilters: nil)
        #expect(image.pixel(15, 5) == [255, 0, 0, 255] && image.pixel(25, 5) == [255, 0, 0, 255])
        #expect(image.pixel(35, 5) == [0, 0, 0, 0])
    }

    @Test func aFilterFlipbookDoesNotDrawIsSaidAndLeftOut() throws {
        var image: CGImage?
        let heard = try collectingDiagnostics(from: AnimationDiagnostics.channel) {
            image = try render(maskFilters: ["CIGaussianBlur", CIFilter.maskToAlpha()])
        }
        #expect(heard == ["the layer filter CIGaussianBlur is not one Flipbook draws (only CIMaskToAlpha); it is left out"])
        #expect(image?.pixel(15, 5) == [128, 0, 0, 128], "the filter it draws still applies")
    }
}
