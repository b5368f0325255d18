import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

/// Image contexts and renderers: sizes and scales, the current-context stack, fills, and
/// sizes UIKit refuses.
@Suite struct UIGraphicsTests {
    @Test func imageContextSizeAndScale() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 5), false, 2)
        #expect(UIGraphicsGetCurrentContext() != nil)
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 10, height: 5) && image.scale == 2)
        #expect(image.cgImage?.width == 20 && image.cgImage?.height == 10)
        // Fractional sizes round the pixels up.
        UIGraphicsBeginImageContext(CGSize(width: 2.5, height: 1.2))
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.cgImage.map { [$0.width, $0.height] } == [3, 2])
        UIGraphicsEndImageContext()
    }

    /// Points are drawn y down from the top left; an opaque context starts black.
    @Test func drawingInPoints() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 2)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 1))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        #expect(image.pixel(3, 1) == [255, 0, 0, 255] && image.pixel(4, 1) == [0, 0, 0, 255] && image.pixel(3, 2) == [0, 0, 0, 255])
    }

    /// UIRectFill copies: filling with clear clears.
    @Test func rectFillCopies() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 1), false, 1)
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 1))
        UIColor.clear.setFill()
        UIRectFill(CGRect(x: 1, y: 0, width: 1, height: 1))
        UIColor.clear.setFill()
        UIRectFillUsingBlendMode(CGRect(x: 0, y: 0, width: 1, height: 1), .normal)
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        #expect(image.pixel(0, 0) == [0, 0, 255, 255] && image.pixel(1, 0) == [0, 0, 0, 0])
    }

    /// Contexts nest: each end returns to the one before.
    @Test func contextsNest() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 1, height: 1), false, 1)
        let outer = UIGraphicsGetCurrentContext()
        let other = try CGContext(width: 2, height: 2)
        UIGraphicsPushContext(other)
        #expect(UIGraphicsGetCurrentContext() === other)
        // Not an image context: no image from it.
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    /// Sizes UIKit refuses begin nothing, with a diagnostic; so does ending with no context;
    /// drawing with no context does nothing.
    @Test func refusedSizes() {
        let said = collectingUIDiagnostics {
            for size in [CGSize.zero, CGSize(width: -3, height: 4), CGSize(width: CGFloat.nan, height: 1), CGSize(width: 1e9, height: 1)] {
                UIGraphicsBeginImageContextWithOptions(size, false, 1)
                #expect(UIGraphicsGetCurrentContext() == nil)
            }
            UIGraphicsEndImageContext()
            UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
            UIColor.red.setFill()
        }
        #expect(said.count == 6)
        #expect(said[0].contains("UIGraphicsBeginImageContext") && said[4].contains("UIGraphicsEndImageContext"))
    }

    @Test func rendererImages() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 20, width: 3, height: 2), format: format)
        var midway: UIImage?
        let image = renderer.image { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 10, y: 20, width: 1, height: 1))
            midway = context.currentImage
            context.cgContext.setFillColor(UIColor.blue.cgColor)
            context.fill(CGRect(x: 12, y: 21, width: 1, height: 1))
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
        let bitmap = try #require(image.cgImage)
        #expect(image.size == CGSize(width: 3, height: 2) && bitmap.width == 3)
        #expect(bitmap.pixel(0, 0) == [0, 255, 0, 255] && bitmap.pixel(2, 1) == [0, 0, 255, 255] && bitmap.pixel(1, 0) == [0, 0, 0, 0])
        #expect(midway?.cgImage?.pixel(2, 1) == [0, 0, 0, 0])
        // The default format is the screen's; PNG data decodes to the same pixels.
        #expect(UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in }.scale == 3)
        let png = renderer.pngData { $0.fill(CGRect(x: 10, y: 20, width: 3, height: 2)) }
        #expect(UIImage(data: png)?.cgImage?.pixel(1, 1) == [0, 0, 0, 255])
        let said = collectingUIDiagnostics {
            #expect(UIGraphicsImageRenderer(size: .zero).image { _ in }.size == .zero)
        }
        #expect(said.count == 1)
    }
}
