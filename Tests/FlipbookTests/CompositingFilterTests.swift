import Flipbook
@testable import FlipbookAnimation
import FlipbookTestSupport
import Testing

/// `CALayer.compositingFilter`: the layer composites with what lies behind it through the
/// Core Image filter it names. Expected colours from the W3C's Compositing and Blending
/// Level 1 (separable blend modes: multiply Cb·Cs, screen Cb + Cs − Cb·Cs, difference
/// |Cb − Cs|; over a transparent backdrop a blend mode leaves the source) and Porter–Duff
/// source-out (the source where the backdrop is transparent, nothing where it is opaque).
@MainActor
@Suite(.serialized) struct CompositingFilterTests {
    /// An orange backdrop over x 0…30 and, over x 10…40, a blue layer compositing through
    /// `filter`; the pixels where only the backdrop, both and only the layer lie.
    private func render(_ filter: Any?) throws -> (backdrop: [UInt8], both: [UInt8], layer: [UInt8]) {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let backdrop = CALayer(), top = CALayer()
        backdrop.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        backdrop.backgroundColor = CGColor(srgbRed: 1, green: 0.6, blue: 0.2, alpha: 1)
        top.frame = CGRect(x: 10, y: 0, width: 30, height: 20)
        top.backgroundColor = CGColor(srgbRed: 0.4, green: 128.0 / 255, blue: 1, alpha: 1)
        top.compositingFilter = filter
        root.addSublayer(backdrop)
        root.addSublayer(top)
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: root, bounds: root.bounds).render(at: 0)
        return (image.pixel(5, 10), image.pixel(20, 10), image.pixel(35, 10))
    }

    nonisolated static let orange: [UInt8] = [255, 153, 51, 255], blue: [UInt8] = [102, 128, 255, 255]

    @Test(arguments: [
        ("multiplyBlendMode", [UInt8]([102, 77, 51, 255])),
        ("screenBlendMode", [255, 204, 255, 255]),
        ("differenceBlendMode", [153, 25, 204, 255]),
        ("sourceOutCompositing", [0, 0, 0, 0]),
        ("sourceOverCompositing", blue),
    ])
    func aNamedFilterCompositesTheLayerWithWhatIsBehind(name: String, both: [UInt8]) throws {
        let pixels = try render(name)
        #expect(pixels.backdrop == Self.orange)
        #expect(pixels.both == both)
        #expect(pixels.layer == Self.blue, "over nothing, the layer itself")
    }

    @Test func aCIFilterWorksAsItsName() throws {
        let filter = try #require(CIFilter(name: "CIMultiplyBlendMode"))
        #expect(try render(filter).both == [102, 77, 51, 255])
    }

    @Test func aFilterFlipbookDoesNotCompositeWithIsSaidAndDrawnSourceOver() throws {
        var pixels: (backdrop: [UInt8], both: [UInt8], layer: [UInt8])?
        let heard = try collectingDiagnostics(from: AnimationDiagnostics.channel) { pixels = try render("gaussianBlur") }
        #expect(heard == ["compositingFilter CIGaussianBlur is not one Flipbook composites with; the layer composites source-over"])
        #expect(pixels?.both == Self.blue)
    }
}
