import FlipbookFilters
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// CIImage recipes rendered by CIContext: exact round trips, Core Image's y-up space, extents.
@Suite struct CIImageTests {
    /// Every premultiplied 8-bit pixel, opaque or not, comes back from the linear working
    /// format unchanged: through floating point, and copied by the 8-bit path (which
    /// relies on this).
    @Test func roundTripIsExact() throws {
        var bytes = [UInt8]()
        for alpha in 0...255 {
            for x in 0...255 {
                let value = min(x, alpha)
                bytes += [UInt8(value), UInt8(alpha - value), UInt8(value / 2), UInt8(alpha)]
            }
        }
        let image = try CGImage(width: 256, height: 256, pixels: Data(bytes), layout: .rgba(premultiplied: true))
        #expect(try CIImage(cgImage: image).materialized().rendered().premultipliedBytes == bytes)
        #expect(try CIImage(cgImage: image).rendered().premultipliedBytes == bytes)
    }

    @Test func extents() {
        let image = CIImage(cgImage: FilterTestImages.source())
        #expect(image.extent == CGRect(x: 0, y: 0, width: 120, height: 90))
        #expect(CIImage(color: .red).extent.isInfinite)
        #expect(image.cropped(to: CGRect(x: 10, y: 10, width: 500, height: 20)).extent == CGRect(x: 10, y: 10, width: 110, height: 20))
        #expect(image.transformed(by: CGAffineTransform(translationX: 5, y: -3)).extent == CGRect(x: 5, y: -3, width: 120, height: 90))
        #expect(image.clampedToExtent().extent.isInfinite)
        #expect(CIContext().createCGImage(CIImage(color: .red), from: .infinite) == nil)
        #expect(CIContext().createCGImage(image, from: CGRect(x: 0, y: 0, width: 100_000, height: 100_000)) == nil)
    }

    /// y is up: moving an image by +5 in y moves its pixels up, towards row 0.
    @Test func translationIsYUp() throws {
        let source = FilterTestImages.source()
        let moved = CIImage(cgImage: source).transformed(by: CGAffineTransform(translationX: 10, y: 5))
        let out = try #require(CIContext().createCGImage(moved, from: CGRect(x: 0, y: 0, width: 120, height: 90)))
        #expect(out.pixel(40, 20) == source.pixel(30, 25))
        #expect(out.pixel(5, 40)[3] == 0)  // nothing moved in from the left
    }

    /// A crop of the top-left quarter in y-up terms is the bottom rows of the rectangle.
    @Test func croppingAndClamping() throws {
        let source = FilterTestImages.source()
        let image = CIImage(cgImage: source)
        let top = try #require(CIContext().createCGImage(image, from: CGRect(x: 0, y: 45, width: 60, height: 45)))
        #expect(top.width == 60 && top.height == 45)
        #expect(top.pixel(10, 10) == source.pixel(10, 10))
        let clamped = try #require(CIContext().createCGImage(image.clampedToExtent(), from: CGRect(x: -10, y: 0, width: 20, height: 90)))
        #expect(clamped.pixel(0, 30) == source.pixel(0, 30))   // left of the image: its edge column
    }

    @Test func sourceOverMixesByAlpha() throws {
        let red = CIImage(color: CIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        let blue = CIImage(color: .blue)
        let out = try #require(CIContext().createCGImage(red.composited(over: blue), from: CGRect(x: 0, y: 0, width: 2, height: 2)))
        // Half red over blue in linear light: (0.5, 0, 0.5) linear is sRGB 188.
        #expect(out.pixel(0, 0) == [188, 0, 188, 255])
    }

    /// Bands over any number of threads give the same pixels.
    @Test func threadCountDoesNotChangePixels() throws {
        let filter = try #require(CIFilter(name: "CIModTransition"))
        filter.setValue(CIImage(cgImage: FilterTestImages.source()), forKey: kCIInputImageKey)
        filter.setValue(CIImage(cgImage: FilterTestImages.target()), forKey: kCIInputTargetImageKey)
        filter.setValue(0.4, forKey: kCIInputTimeKey)
        let image = try #require(filter.outputImage)
        #expect(try image.rendered(threads: 1).premultipliedBytes == image.rendered(threads: 3).premultipliedBytes)
    }
}
